/** Small line icons drawn inline; decorative (aria-hidden): the links carry their own labels. */
const base = {
  width: 22,
  height: 22,
  viewBox: "0 0 24 24",
  fill: "none",
  stroke: "currentColor",
  strokeWidth: 1.5,
  strokeLinecap: "round" as const,
  strokeLinejoin: "round" as const,
  focusable: false,
};

export function InstagramIcon() {
  return (
    <svg {...base} aria-hidden="true">
      <rect x="3" y="3" width="18" height="18" rx="5" />
      <circle cx="12" cy="12" r="4" />
      <circle cx="17.5" cy="6.5" r="0.8" fill="currentColor" />
    </svg>
  );
}

export function BagIcon() {
  return (
    <svg {...base} aria-hidden="true">
      <path d="M5 8h14l-1.2 12H6.2L5 8Z" />
      <path d="M9 8V6a3 3 0 0 1 6 0v2" />
    </svg>
  );
}

export function ArrowLeftIcon() {
  return (
    <svg {...base} width={18} height={18} aria-hidden="true">
      <path d="M15 5 8 12l7 7" />
    </svg>
  );
}

export function CheckIcon() {
  return (
    <svg {...base} width={18} height={18} aria-hidden="true">
      <path d="m5 12.5 4.5 4.5L19 7.5" />
    </svg>
  );
}

/** A magnifier with a plus: the photo opens larger. */
export function EnlargeIcon() {
  return (
    <svg {...base} width={18} height={18} aria-hidden="true">
      <circle cx="10.5" cy="10.5" r="6" />
      <path d="m15 15 5 5M10.5 8v5M8 10.5h5" />
    </svg>
  );
}

const STAR = "12 2.6 14.9 8.7 21.5 9.4 16.5 13.9 18 20.4 12 17 6 20.4 7.5 13.9 2.5 9.4 9.1 8.7";
/** The star's left half, for a rating such as 4.5. */
const HALF_STAR = "12 2.6 12 17 6 20.4 7.5 13.9 2.5 9.4 9.1 8.7";

/** A rating's star: full, half or empty (its outline). */
export function StarIcon({ fill = "full", size = 18 }: { fill?: "full" | "half" | "empty"; size?: number }) {
  return (
    <svg {...base} width={size} height={size} strokeWidth={1.3} aria-hidden="true" className="star">
      {fill === "half" ? <polygon points={HALF_STAR} fill="currentColor" stroke="none" /> : null}
      <polygon points={STAR} fill={fill === "full" ? "currentColor" : "none"} />
    </svg>
  );
}
