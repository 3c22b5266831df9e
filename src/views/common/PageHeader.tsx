import type { ReactNode } from "react"

export const PageHeader = ({ title, subtitle, actions }: { title: string; subtitle?: string; actions?: ReactNode }) => (
  <header className="mc-page-header">
    <div>
      <h1 className="mc-page-title" data-testid="page-title">
        {title}
      </h1>
      {subtitle ? <p className="mc-page-subtitle">{subtitle}</p> : null}
    </div>
    {actions ? <div className="mc-page-actions">{actions}</div> : null}
  </header>
)
