/**
 * The chart kit's strings, under `chartKit`. A feature whose screens show charts adds them to its own bundle
 * (`{ myFeature: ..., chartKit: chartKitEn }` in its manifest's string loaders), so they load with its screens.
 */
export const chartKitEn = {
  showTable: "Show as table",
  showChart: "Show as chart",
  category: "Category",
  empty: "Nothing to show for this range.",
  chartOf: "Chart: {{title}}",
}
