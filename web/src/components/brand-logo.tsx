import { BUSINESS } from '@cincy/contracts';

/** The wordmark: a battery with a bolt, and the business name. Inline SVG, no request. */
export function BrandLogo({ size = 56 }: { size?: number }) {
  return (
    <span className="pub-logo">
      <svg
        width={size}
        height={size}
        viewBox="0 0 64 64"
        role="img"
        aria-labelledby="pub-logo-title"
        focusable="false"
      >
        <title id="pub-logo-title">{`${BUSINESS.name} logo`}</title>
        <rect x="4" y="4" width="56" height="56" rx="14" fill="#1d4ed8" />
        <rect
          x="14"
          y="22"
          width="36"
          height="26"
          rx="4"
          fill="none"
          stroke="#fff"
          strokeWidth="3.5"
        />
        <rect x="19" y="16" width="7" height="6" rx="1.5" fill="#fff" />
        <rect x="38" y="16" width="7" height="6" rx="1.5" fill="#fff" />
        <path d="M34 25 L25 37 H31 L29 46 L39 33 H33 Z" fill="#facc15" />
      </svg>
      <span className="pub-logo-text">{BUSINESS.name}</span>
    </span>
  );
}
