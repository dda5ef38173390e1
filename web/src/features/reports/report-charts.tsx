import type { ReactNode } from 'react';
import { Column, Line } from '@ant-design/plots';
import { Card, Col, Empty, Row } from 'antd';
import type { Report } from '@cincy/contracts';
import { formatCurrency } from '../../lib/format';
import { BUCKET_LABELS, jobsChartData, revenueChartData, slaChartData } from './reports.util';

// The chart library (G2, canvas) is this file's alone: the Reports page loads it lazily, so no
// other screen downloads it.

/** Canvas charts say nothing to a screen reader: each names the table that holds its figures. */
function ChartCard({
  title,
  table,
  empty,
  children,
}: {
  title: string;
  table: string;
  /** Said instead of the chart when it would be blank. */
  empty?: string;
  children: ReactNode;
}) {
  return (
    <Card size="small" title={title}>
      {empty ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} />
      ) : (
        <figure
          style={{ margin: 0 }}
          aria-label={`${title}. The figures are in the table ${table} below.`}
        >
          <div aria-hidden="true">{children}</div>
        </figure>
      )}
    </Card>
  );
}

const HEIGHT = 260;

/** Jobs and batteries per period, revenue per period, and each technician's SLA shares. */
export function ReportCharts({ report }: { report: Report }) {
  const per = BUCKET_LABELS[report.bucket].toLowerCase();
  const sla = slaChartData(report);
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={12}>
        <ChartCard title={`Jobs and batteries per ${per}`} table="Per period">
          <Column
            data={jobsChartData(report)}
            xField="x"
            yField="value"
            colorField="series"
            group
            height={HEIGHT}
            autoFit
            axis={{ x: { title: false }, y: { title: false } }}
            legend={{ color: { position: 'bottom' } }}
          />
        </ChartCard>
      </Col>
      <Col xs={24} lg={12}>
        <ChartCard title={`Revenue per ${per}`} table="Per period">
          <Line
            data={revenueChartData(report)}
            xField="x"
            yField="value"
            height={HEIGHT}
            autoFit
            point={report.series.length <= 31 ? { shapeField: 'circle', sizeField: 3 } : false}
            axis={{
              x: { title: false },
              y: { title: false, labelFormatter: (v: number) => formatCurrency(v) },
            }}
            tooltip={{
              items: [
                { channel: 'y', name: 'Revenue', valueFormatter: (v: number) => formatCurrency(v) },
              ],
            }}
          />
        </ChartCard>
      </Col>
      <Col xs={24}>
        <ChartCard
          title="ASAP jobs reached in time, per technician (%)"
          table="Per technician"
          empty={sla.length === 0 ? 'No ASAP jobs in this range' : undefined}
        >
          <Column
            data={sla}
            xField="x"
            yField="value"
            colorField="series"
            group
            height={HEIGHT}
            autoFit
            scale={{ y: { domainMax: 100 } }}
            axis={{
              x: { title: false },
              y: { title: false, labelFormatter: (v: number) => `${v}%` },
            }}
            legend={{ color: { position: 'bottom' } }}
          />
        </ChartCard>
      </Col>
    </Row>
  );
}
