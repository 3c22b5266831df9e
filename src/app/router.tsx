import { createBrowserRouter } from "react-router-dom"
import { routes } from "../contract/routes"
import { COMPANY_DETAILS } from "../machines/acl/decide"
import { RenderFailureView } from "../views/common/RenderFailure"
import { RouteGate } from "./RouteGate"

/** Every route of the route table is registered; each renders the gate, which lazy-loads the screen it allows. */
export const createRouter = () =>
  createBrowserRouter([
    {
      path: "/",
      errorElement: <RenderFailureView />,
      children: [
        { index: true, element: <RouteGate /> },
        ...routes.map((route) => ({ path: route.path, element: <RouteGate /> })),
        { path: `${COMPANY_DETAILS}/:section`, element: <RouteGate /> },
        { path: "*", element: <RouteGate /> },
      ],
    },
  ])
