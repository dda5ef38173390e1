import { useEffect, useRef, useState } from 'react';
import { PhoneLink } from '../public-blocks';

/** Our own short promo clip: autoplays muted, with play/pause and mute buttons and a phone fallback. */
export function PromoVideo() {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [playing, setPlaying] = useState(true);
  const [muted, setMuted] = useState(true);
  const [failed, setFailed] = useState(false);

  // The prerendered video starts loading before React listens: when every source failed by then,
  // their error events went unheard. Loading again repeats the verdict to the handlers below (and
  // is harmless when the state is only the instant before a client-rendered video starts loading).
  useEffect(() => {
    const video = videoRef.current;
    if (video?.networkState === HTMLMediaElement.NETWORK_NO_SOURCE) video.load();
  }, []);

  if (failed) {
    return (
      <div className="pub-video-fallback" role="note">
        <p className="pub-video-fallback-title">Video content available</p>
        <p>
          Our video could not be loaded right now. Call us at <PhoneLink /> to hear how we can help.
        </p>
      </div>
    );
  }

  const togglePlay = () => {
    const video = videoRef.current;
    if (!video) return;
    if (video.paused) void video.play().catch(() => setPlaying(false));
    else video.pause();
  };

  const toggleMute = () => {
    const video = videoRef.current;
    if (!video) return;
    video.muted = !video.muted;
    setMuted(video.muted);
  };

  return (
    <figure className="pub-video">
      <video
        ref={videoRef}
        className="pub-video-media"
        autoPlay
        muted
        playsInline
        loop
        preload="metadata"
        poster="/media/promo-poster.jpg"
        aria-label="Promo video: we bring a new battery to you and install it on site"
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onVolumeChange={(e) => setMuted(e.currentTarget.muted)}
        onError={() => setFailed(true)}
      >
        <source src="/media/promo.webm" type="video/webm" />
        {/* The error of the last source means no source could be played. */}
        <source src="/media/promo.mp4" type="video/mp4" onError={() => setFailed(true)} />
      </video>
      <div className="pub-video-controls">
        <button
          type="button"
          className="pub-icon-button"
          onClick={togglePlay}
          aria-label={playing ? 'Pause video' : 'Play video'}
        >
          {playing ? <PauseIcon /> : <PlayIcon />}
        </button>
        <button
          type="button"
          className="pub-icon-button"
          onClick={toggleMute}
          aria-label={muted ? 'Unmute video' : 'Mute video'}
        >
          <SpeakerIcon muted={muted} />
        </button>
      </div>
    </figure>
  );
}

const iconProps = {
  width: 20,
  height: 20,
  viewBox: '0 0 24 24',
  'aria-hidden': true,
  focusable: false,
} as const;

function PlayIcon() {
  return (
    <svg {...iconProps}>
      <path d="M7 4.5v15l13-7.5z" fill="currentColor" />
    </svg>
  );
}

function PauseIcon() {
  return (
    <svg {...iconProps}>
      <rect x="6" y="4.5" width="4" height="15" rx="1" fill="currentColor" />
      <rect x="14" y="4.5" width="4" height="15" rx="1" fill="currentColor" />
    </svg>
  );
}

function SpeakerIcon({ muted }: { muted: boolean }) {
  return (
    <svg {...iconProps}>
      <path d="M4 9h4l5-4v14l-5-4H4z" fill="currentColor" />
      {muted ? (
        <path d="M16 9l5 6M21 9l-5 6" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      ) : (
        <path
          d="M16 8.5a5 5 0 0 1 0 7M18.5 6a8.5 8.5 0 0 1 0 12"
          stroke="currentColor"
          strokeWidth="2"
          fill="none"
          strokeLinecap="round"
        />
      )}
    </svg>
  );
}
