/** The small battery-and-bolt mark of the staff header and the login card. */
export function BatteryMark() {
  return (
    <svg
      className="brand-mark"
      viewBox="0 0 32 32"
      width="28"
      height="28"
      aria-hidden="true"
      focusable="false"
    >
      <rect x="3" y="9" width="26" height="18" rx="3" fill="currentColor" />
      <rect x="8" y="5" width="5" height="4" rx="1" fill="currentColor" />
      <rect x="19" y="5" width="5" height="4" rx="1" fill="currentColor" />
      <path d="M17.5 11.5 11 19.5h4.5l-1 6 6.5-8h-4.5z" fill="#fbbf24" />
    </svg>
  );
}
