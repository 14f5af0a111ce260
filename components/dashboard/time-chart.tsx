import styles from './dashboard.module.css';

export interface ChartPoint {
  axisLabel: string;
  label: string;
  value: number;
  valueText: string;
}

const WIDTH = 640;
const HEIGHT = 240;
const PAD = { top: 12, right: 8, bottom: 30, left: 56 };
const MAX_AXIS_LABELS = 8;

/** Up to four round gridline values (1, 2 or 5 × 10ⁿ apart) covering `max`. */
function ticks(max: number): number[] {
  if (max <= 0) return [0];
  const rough = max / 4;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= rough) ?? 10 * power;
  const values: number[] = [];
  for (let v = 0; v <= max + step * 0.001; v += step) values.push(v);
  if (values.at(-1)! < max) values.push(values.at(-1)! + step);
  return values;
}

/**
 * A bar chart drawn on the server as plain SVG (no client code, nothing to download): one bar per period bucket,
 * round gridlines, a few date labels. Screen readers get the figures from the table twin the page renders beside it
 * (`tableId`); the SVG itself is one labelled image.
 */
export function TimeChart({
  id,
  title,
  description,
  points,
  format,
  tone,
  tableId,
}: {
  id: string;
  title: string;
  description: string;
  points: ChartPoint[];
  format: (value: number) => string;
  tone: 'primary' | 'accent';
  tableId: string;
}) {
  const values = points.map((p) => p.value);
  const scale = ticks(Math.max(0, ...values));
  const top = scale.at(-1) || 1;
  const plotW = WIDTH - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const slot = plotW / Math.max(1, points.length);
  const every = Math.max(1, Math.ceil(points.length / MAX_AXIS_LABELS));
  const y = (value: number) => PAD.top + plotH - (value / top) * plotH;
  return (
    <figure className={styles.chart}>
      <figcaption id={`${id}-title`} className={styles.chartTitle}>
        {title}
      </figcaption>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
        aria-describedby={tableId}
        className={styles.chartSvg}
        data-chart={id}
      >
        <desc id={`${id}-desc`}>{description}</desc>
        {scale.map((value) => (
          <g key={value}>
            <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(value)} y2={y(value)} className={styles.grid} />
            <text x={PAD.left - 6} y={y(value) + 5} textAnchor="end" className={styles.axisText}>
              {format(value)}
            </text>
          </g>
        ))}
        {points.map((point, i) => {
          const height = (point.value / top) * plotH;
          return (
            <rect
              key={i}
              x={PAD.left + i * slot + slot * 0.15}
              y={PAD.top + plotH - height}
              width={Math.max(1, slot * 0.7)}
              height={height}
              className={tone === 'primary' ? styles.barPrimary : styles.barAccent}
            >
              <title>{`${point.label}: ${point.valueText}`}</title>
            </rect>
          );
        })}
        {points.map((point, i) =>
          i % every === 0 ? (
            <text
              key={`label-${i}`}
              x={PAD.left + i * slot + slot / 2}
              y={HEIGHT - 8}
              textAnchor="middle"
              className={styles.axisText}
            >
              {point.axisLabel}
            </text>
          ) : null,
        )}
      </svg>
    </figure>
  );
}
