/**
 * The icons the shell and the screens draw, 16 px and 20 px, in one chunk (icon-loader.ts loads it with the first icon
 * drawn): one file where there was one per icon, about 110 of them for the logged-in frame. Screens add their icons
 * to the lists.
 */
import { IconSize, type IconName, type IconPaths } from "@blueprintjs/icons"

type PathModule = { default: IconPaths }

const small = import.meta.glob<PathModule>(
  [
    "/node_modules/@blueprintjs/icons/lib/esm/generated/16px/paths/{application,archive,automatic-updates,blocked-person,box,build,calendar,caret-down,caret-up,chart,chat,chevron-down,chevron-left,chevron-right,chevron-up,clipboard,cloud,cog,comment,console,cross,dashboard,diagram-tree,disable,document,document-code,download,edit,document-open,document-share,dollar,double-caret-vertical,endorsed,envelope,eraser,error,exchange,eye-off,eye-open,flag,flash,globe,globe-network,group-objects,hand,heatmap,history,id-number,inbox,info-sign,issue,issue-new,key,layers,lightbulb,link,lock,log-out,map-marker,menu,mobile-phone,moon,more,mugshot,notifications,numbered-list,office,offline,oil-field,outdated,path-search,pause,people,person,phone,phone-call,pie-chart,play,predictive-analysis,search,send-message,settings,shield,shop,shopping-cart,small-cross,small-tick,star,stopwatch,tag,th,th-list,tick,time,timeline-bar-chart,timeline-events,timeline-line-chart,translate,user,warning-sign}.js",
  ],
  { eager: true },
)
const large = import.meta.glob<PathModule>(
  [
    "/node_modules/@blueprintjs/icons/lib/esm/generated/20px/paths/{build,chat,error,hand,offline,search,cross,envelope,info-sign,warning-sign,tick}.js",
  ],
  {
    eager: true,
  },
)

const pathOf = (size: IconSize, name: IconName) =>
  `/node_modules/@blueprintjs/icons/lib/esm/generated/${size === IconSize.STANDARD ? 16 : 20}px/paths/${name}.js`

/** The paths of a listed icon, or undefined for one not listed. */
export const listedPaths = (name: IconName, size: IconSize): IconPaths | undefined =>
  (size === IconSize.STANDARD ? small : large)[pathOf(size, name)]?.default
