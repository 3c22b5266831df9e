import { Component, type ErrorInfo, type ReactNode } from "react"
import { useTranslation } from "react-i18next"

/** Spec 000 section 8: a render failure shows '404 Page Not Found'. Plain markup: it must draw whatever failed. */
export const RenderFailureView = () => {
  const { t } = useTranslation()
  return (
    <div className="mc-centered" data-testid="render-failure" role="alert">
      <div className="mc-failure">
        <h2>{t("errors.renderFailure")}</h2>
        <p className="mc-muted">{t("errors.renderFailureBody")}</p>
        <a href="/">{t("app.backHome")}</a>
      </div>
    </div>
  )
}

interface BoundaryProps {
  readonly children: ReactNode
  /** A new key (the path) clears the failure when the user navigates away. */
  readonly resetKey?: string
}

export class RenderFailureBoundary extends Component<BoundaryProps, { failed: boolean; key?: string }> {
  state: { failed: boolean; key?: string } = { failed: false, key: this.props.resetKey }

  static getDerivedStateFromError() {
    return { failed: true }
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: { failed: boolean; key?: string }) {
    return props.resetKey !== state.key ? { failed: false, key: props.resetKey } : null
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error("render failure", error, info.componentStack)
  }

  render() {
    return this.state.failed ? <RenderFailureView /> : this.props.children
  }
}
