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
