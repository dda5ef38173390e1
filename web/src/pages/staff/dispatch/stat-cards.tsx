import { memo } from 'react';
import { Card, Col, Row, Statistic } from 'antd';
import { NO_FIGURE, type StatCard } from '../../../features/dispatch/stats.util';

/**
 * The day's five numbers. `stat-value` and `sold-today-value` name the figures for the
 * end-to-end helpers (statValue, soldToday); antd draws them.
 */
export const StatCards = memo(function StatCards({
  cards,
  busy,
}: {
  cards: readonly StatCard[];
  busy: boolean;
}) {
  return (
    <section aria-label="Today at a glance" aria-busy={busy}>
      <Row gutter={[12, 12]}>
        {cards.map((s) => (
          <Col key={s.label} flex="1 1 150px">
            <Card size="small" data-testid="stat-card">
              <Statistic
                title={s.label}
                value={s.value}
                formatter={() => <span className="stat-value">{s.value}</span>}
              />
            </Card>
          </Col>
        ))}
      </Row>
    </section>
  );
});

/** 'Batteries Sold Today' in the header (or the phone's "Today's numbers"). */
export const SoldToday = memo(function SoldToday({ value }: { value: number | undefined }) {
  const shown = value ?? NO_FIGURE;
  return (
    <Card size="small" data-testid="batteries-sold-today">
      <Statistic
        title="Batteries Sold Today"
        value={shown}
        formatter={() => <span className="sold-today-value">{shown}</span>}
      />
    </Card>
  );
});
