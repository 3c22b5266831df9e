import { useSelector } from "@xstate/react"
import { lazy, Suspense, useEffect, type ReactNode } from "react"
import { Navigate, useLocation } from "react-router-dom"
import type { RouteDef } from "../contract/routes"
import { decisionFor, selectUserAcl } from "../machines/acl/acl-selectors"
import { canonicalOf, LOGIN } from "../machines/acl/decide"
import { selectPhase } from "../machines/session/session-selectors"
import { useAclActor, useSessionActor } from "../views/common/actor-context"
import { PageLoading } from "../views/common/PageLoading"
import { RenderFailureBoundary } from "../views/common/RenderFailure"
import { lazyInFrame, lazyOnEveryPage, screenFor, toolbarControls } from "./screens"

// Blueprint and everything drawn with it load after the login page: see scripts/bundle-size.ts.
const BlueprintRoot = lazy(() => import("../views/common/BlueprintRoot").then((m) => ({ default: m.BlueprintRoot })))
const Shell = lazyInFrame(() => import("../views/shell/Shell").then((m) => m.Shell))
const LandingView = lazyInFrame(() => import("../views/shell/LandingView").then((m) => m.LandingView))
const CompanyBackLink = lazyInFrame(() => import("../views/shell/CompanyBackLink").then((m) => m.CompanyBackLink))
const PublicFrame = lazyOnEveryPage(() => import("../views/common/PublicFrame").then((m) => m.PublicFrame))

/** The features' controls in the shell's top bar; each appears when it has loaded. */
const toolbar = toolbarControls.map((Control, i) => (
  // biome-ignore lint/suspicious/noArrayIndexKey: the list is fixed at build time
  <Suspense key={i} fallback={null}>
    <Control />
  </Suspense>
))

/** Pages that carry no Blueprint at all. */
const PLAIN_PAGES = new Set(["login"])

const withBlueprint = (content: ReactNode) => (
  <Suspense fallback={<PageLoading />}>
    <BlueprintRoot>{content}</BlueprintRoot>
  </Suspense>
)

const LOCK = "/pages/auth/lock"
/** Pages drawn without the shell: the auth pages (the route table's `authFrame`), and public pages when nobody is logged in. */
const framing = (route: RouteDef, loggedIn: boolean): "auth" | "public" | "shell" => {
  if (route.authFrame) return "auth"
  if (loggedIn) return "shell"
  return "public"
}

/**
 * Every registered route renders this gate: it tells the ACL gate machine where the user is going and renders what
 * the access rule decides (the route's lazy screen, a redirect, or the landing page).
 */
export const RouteGate = () => {
  const location = useLocation()
  const session = useSessionActor()
  const acl = useAclActor()
  const phase = useSelector(session, selectPhase)
  const userAcl = useSelector(acl, selectUserAcl)
  const canonical = canonicalOf(location.pathname)
  // An alias draws its screen at once while the address moves on to the screen's own: no blank frame in between.
  const path = canonical ?? location.pathname
  const moveOn = canonical ? <Navigate to={`${canonical}${location.search}`} replace /> : null

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new access list must re-decide the same path
  useEffect(() => {
    acl.send({ type: "NAVIGATE", path })
  }, [acl, path, userAcl])

  // Until the stored session is read (or a login is being stored) the access list is not final.
  if (phase === "restoring" || (phase === "authenticating" && userAcl !== null)) return <PageLoading />
  if ((phase === "locked" || phase === "unlocking") && path.toLowerCase() !== LOCK.toLowerCase()) return <Navigate to={LOCK} replace />

  const decision = decisionFor(path, userAcl)
  if (decision.kind === "redirect") {
    const from = (location.state as { from?: string } | null)?.from
    if (decision.reason === "login") return <Navigate to={LOGIN} replace state={{ from: `${path}${location.search}` }} />
    // Just logged in on the login page: go where the user was heading.
    if (decision.reason === "forbidden" && path.toLowerCase() === LOGIN && from) return <Navigate to={from} replace />
    return <Navigate to={decision.to} replace />
  }

  const loggedIn = userAcl !== null
  if (decision.kind === "landing") {
    Shell.preload()
    LandingView.preload()
    return withBlueprint(
      <Shell toolbar={toolbar}>
        <LandingView />
      </Shell>,
    )
  }
  const Screen = screenFor(decision.route.key, decision.section)
  const frame = framing(decision.route, loggedIn)
  Screen.preload()
  const page = (
    <>
      {moveOn}
      <RenderFailureBoundary resetKey={path}>
        <Suspense fallback={<PageLoading />}>
          <Screen routeKey={decision.route.key} section={decision.section} />
        </Suspense>
      </RenderFailureBoundary>
    </>
  )
  if (PLAIN_PAGES.has(decision.route.key)) return page
  // The screen loads beside the frame it is drawn in (and that frame beside Blueprint), not each after the other; a
  // plain page (above) fetches no frame.
  if (frame === "shell") Shell.preload()
  if (frame === "public") PublicFrame.preload()
  if (frame === "shell")
    return withBlueprint(
      <Shell toolbar={toolbar}>
        {decision.section ? (
          <Suspense fallback={null}>
            <CompanyBackLink />
          </Suspense>
        ) : null}
        {page}
      </Shell>,
    )
  if (frame === "public") return withBlueprint(<PublicFrame>{page}</PublicFrame>)
  return withBlueprint(page)
}
