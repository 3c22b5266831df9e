/** A report's headline figures as cards (label and value, already worded). */
export interface StatCard {
  readonly key: string
  readonly label: string
  readonly value: string
}

export const StatCards = ({ cards, testId }: { cards: readonly StatCard[]; testId: string }) => (
  <div className="mc-report-cards" data-testid={testId}>
    {cards.map((card) => (
      <div key={card.key} className="mc-card mc-report-card">
        <div className="mc-report-card-label">{card.label}</div>
        {/* A figure may be words ("1 h 23 m" in Arabic reads right to left): its own first letter sets its direction. */}
        <div className="mc-report-card-value" dir="auto" data-testid={`${testId}-${card.key}`}>
          {card.value}
        </div>
      </div>
    ))}
  </div>
)
