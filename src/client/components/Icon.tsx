interface IconProps {
  /** The path, drawn on a 20×20 grid. */
  d: string;
  className?: string;
  /** Filled (a badge's tick, an arrow) rather than drawn as a line. */
  solid?: boolean;
  strokeWidth?: number;
}

/** A one-path icon in the text's colour; decorative, so screen readers skip it. */
export function Icon({ d, className = 'size-5', solid = false, strokeWidth = 1.8 }: IconProps) {
  return solid ? (
    <svg viewBox="0 0 20 20" className={className} fill="currentColor" aria-hidden="true">
      <path fillRule="evenodd" clipRule="evenodd" d={d} />
    </svg>
  ) : (
    <svg
      viewBox="0 0 20 20"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      aria-hidden="true"
    >
      <path strokeLinecap="round" strokeLinejoin="round" d={d} />
    </svg>
  );
}

/** The paths the app draws more than once, or whose meaning their name says better than their numbers. */
export const iconPaths = {
  close: 'm5 5 10 10M15 5 5 15',
  menu: 'M3 5h14M3 10h14M3 15h14',
  fullScreen: 'M3.5 8V3.5H8M12 3.5h4.5V8M16.5 12v4.5H12M8 16.5H3.5V12',
  previous: 'M12.5 4.5 7 10l5.5 5.5',
  next: 'M7.5 4.5 13 10l-5.5 5.5',
  chevronDown: 'm5 8 5 5 5-5',
  search: 'M14.5 9a5.5 5.5 0 1 1-11 0 5.5 5.5 0 0 1 11 0Zm-1 4.5 3.5 3.5',
  verified:
    'M10 1.5 12.4 3.3l3 .1.9 2.9 2.4 1.8-1 2.8 1 2.8-2.4 1.8-.9 2.9-3 .1L10 20.3l-2.4-1.8-3-.1-.9-2.9-2.4-1.8 1-2.8-1-2.8 2.4-1.8.9-2.9 3-.1L10 1.5Zm3.7 6.7a.8.8 0 0 0-1.2-1l-3.4 4-1.7-1.7a.8.8 0 1 0-1.1 1.1l2.3 2.3a.8.8 0 0 0 1.2 0l3.9-4.7Z',
  check: 'M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0Z',
  arrowDown:
    'M10 3a1 1 0 0 1 1 1v9.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-5 5a1 1 0 0 1-1.4 0l-5-5a1 1 0 1 1 1.4-1.4L9 13.6V4a1 1 0 0 1 1-1Z',
} as const;
