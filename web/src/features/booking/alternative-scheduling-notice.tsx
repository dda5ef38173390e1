import { TIMING_SECTION_ID } from './timing-section';

interface AlternativeSchedulingNoticeProps {
  message: string;
  onTryDifferent: () => void;
}

/** Shown after the server answers that the request falls outside the rapid-response window. */
export function AlternativeSchedulingNotice({
  message,
  onTryDifferent,
}: AlternativeSchedulingNoticeProps) {
  return (
    <aside className="pub-notice" aria-labelledby="alt-scheduling-title">
      <h2 className="pub-notice-title" id="alt-scheduling-title">
        Alternative Scheduling Available
      </h2>
      <p>{message}</p>
      <a
        className="pub-notice-link"
        href={`#${TIMING_SECTION_ID}`}
        onClick={(event) => {
          event.preventDefault();
          onTryDifferent();
        }}
      >
        Try Different Time or Location
      </a>
    </aside>
  );
}
