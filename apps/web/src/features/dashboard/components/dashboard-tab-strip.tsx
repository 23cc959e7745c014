import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import styles from './dashboard-tab-strip.module.css';

/** Material icons' KeyboardArrowLeft and KeyboardArrowRight, as MUI's scroll buttons drew them. */
const ARROW_PATHS = {
  start: 'M15.41 16.09l-4.58-4.59 4.58-4.59L14 5.5l-6 6 6 6z',
  end: 'M8.59 16.34l4.58-4.59-4.58-4.59L10 5.75l6 6-6 6z',
} as const;

interface Overflow {
  /** The tabs are wider than the strip: the arrows are shown. */
  scrolls: boolean;
  atStart: boolean;
  atEnd: boolean;
}

const FITS: Overflow = { scrolls: false, atStart: true, atEnd: true };

function overflowOf(strip: HTMLElement, scroller: HTMLElement): Overflow {
  const { scrollLeft, scrollWidth, clientWidth } = scroller;
  return {
    scrolls: scrollWidth > strip.clientWidth,
    atStart: scrollLeft <= 1,
    atEnd: scrollLeft + clientWidth >= scrollWidth - 1,
  };
}

const sameOverflow = (a: Overflow, b: Overflow) =>
  a.scrolls === b.scrolls && a.atStart === b.atStart && a.atEnd === b.atEnd;

/** The state update for the strip as laid out now (the same state if nothing changed). */
function overflowUpdate(strip: HTMLElement, scroller: HTMLElement) {
  const next = overflowOf(strip, scroller);
  return (current: Overflow) => (sameOverflow(current, next) ? current : next);
}

const selectedTabIn = (scroller: HTMLElement) =>
  scroller.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]');

/** Scrolls `tab` whole into the scroller's view, if it is not already. */
function bringIntoView(scroller: HTMLElement, tab: HTMLElement, behavior: ScrollBehavior) {
  const start = tab.offsetLeft;
  const end = start + tab.offsetWidth;
  if (start < scroller.scrollLeft) scroller.scrollTo({ left: start, behavior });
  else if (end > scroller.scrollLeft + scroller.clientWidth)
    scroller.scrollTo({ left: end - scroller.clientWidth, behavior });
}

/** The key that moves the focus to the previous, next, first or last tab, as MUI's Tabs did. */
function nextIndex(key: string, current: number, count: number): number | null {
  switch (key) {
    case 'ArrowLeft':
      return (current - 1 + count) % count;
    case 'ArrowRight':
      return (current + 1) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}

/**
 * A tablist whose arrow keys move the focus between the tabs (wrapping at the ends; Home and
 * End go to the first and last) and Enter or Space chooses the focused one; the strip is one
 * tab stop, the chosen tab when the focus comes in. Plain markup over the theme's
 * tokens rather than MUI's Tabs, which measured the page and inserted its styles in the head's
 * render, before the first cover paints.
 */
export function DashboardTabStrip<Name extends string>({
  label,
  tabs,
  value,
  tabId,
  onChange,
  onApproach,
}: {
  label: string;
  tabs: readonly Name[];
  value: Name;
  tabId: (tab: Name) => string;
  onChange: (tab: Name) => void;
  /** Pointed at or focused: about to be chosen, perhaps. */
  onApproach: (tab: Name) => void;
}) {
  const stripRef = useRef<HTMLDivElement>(null);
  const scrollerRef = useRef<HTMLDivElement>(null);
  const scrolledYet = useRef(false);
  const [overflow, setOverflow] = useState<Overflow>(FITS);
  // The tab focused within the strip, which keeps the strip's one tab stop while the focus is
  // in it; otherwise the chosen tab has it (MUI's roving tab index).
  const [focused, setFocused] = useState<Name | null>(null);
  const tabStop = focused ?? value;

  // Measured in the commit that mounts the strip, so that it is laid out with its arrows, or
  // without, from the start (Chromium counts a later change as a layout shift even if no frame
  // was painted between); then followed by a ResizeObserver (a font arriving, a rotation).
  useLayoutEffect(() => {
    const strip = stripRef.current;
    const scroller = scrollerRef.current;
    if (!strip || !scroller) return;
    const update = () => setOverflow(overflowUpdate(strip, scroller));
    update();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(update);
    observer.observe(strip);
    observer.observe(scroller.firstElementChild ?? scroller);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    const scroller = scrollerRef.current;
    const tab = scroller && selectedTabIn(scroller);
    // At once on a dashboard opened on a later tab (?tab=apps), smoothly on a change.
    if (scroller && tab) bringIntoView(scroller, tab, scrolledYet.current ? 'smooth' : 'instant');
    scrolledYet.current = true;
  }, [value]);

  const scrollByPage = (direction: 1 | -1) => {
    const scroller = scrollerRef.current;
    if (scroller) scroller.scrollBy({ left: direction * scroller.clientWidth, behavior: 'smooth' });
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const current = tabs.findIndex((tab) => tabId(tab) === (event.target as HTMLElement).id);
    if (current < 0) return;
    const index = nextIndex(event.key, current, tabs.length);
    const next = index === null ? undefined : tabs[index];
    if (next === undefined) return;
    event.preventDefault();
    document.getElementById(tabId(next))?.focus();
  };

  const scrollButton = (side: 'start' | 'end') => {
    const disabled = side === 'start' ? overflow.atStart : overflow.atEnd;
    return (
      // As MUI's: for the pointer only; the keyboard moves along the tabs with the arrow keys.
      <div
        className={styles.scrollButton}
        data-disabled={disabled ? '' : undefined}
        aria-hidden="true"
        onClick={() => scrollByPage(side === 'start' ? -1 : 1)}
      >
        <svg className={styles.scrollIcon} viewBox="0 0 24 24">
          <path d={ARROW_PATHS[side]} />
        </svg>
      </div>
    );
  };

  return (
    <div ref={stripRef} className={styles.strip}>
      {overflow.scrolls && scrollButton('start')}
      <div
        ref={scrollerRef}
        className={styles.scroller}
        onScroll={(event) => {
          if (stripRef.current) setOverflow(overflowUpdate(stripRef.current, event.currentTarget));
        }}
      >
        <div
          role="tablist"
          aria-label={label}
          className={styles.list}
          onKeyDown={handleKeyDown}
          onBlur={(event) => {
            if (!event.currentTarget.contains(event.relatedTarget)) setFocused(null);
          }}
        >
          {tabs.map((tab) => (
            <button
              key={tab}
              type="button"
              role="tab"
              id={tabId(tab)}
              aria-selected={tab === value}
              tabIndex={tab === tabStop ? 0 : -1}
              className={styles.tab}
              onClick={() => {
                if (tab !== value) onChange(tab);
              }}
              onPointerEnter={() => onApproach(tab)}
              onFocus={() => {
                setFocused(tab);
                onApproach(tab);
              }}
            >
              {tab}
            </button>
          ))}
        </div>
      </div>
      {overflow.scrolls && scrollButton('end')}
    </div>
  );
}
