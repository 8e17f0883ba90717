import { cloneElement, useEffect, useLayoutEffect, useRef, useState, type ComponentType, type ReactElement, type Ref } from 'react';
import type { TooltipProps } from '@mui/material/Tooltip';

type Tooltip = ComponentType<TooltipProps>;
let loaded: Tooltip | null = null;
let loading: Promise<Tooltip> | null = null;
const waiting = new Set<(t: Tooltip) => void>();

/** Loads MUI's Tooltip (Popper and @popperjs/core, ≈ 10 KB gzipped) once; every LazyTooltip switches to it. */
function loadTooltip(): Promise<Tooltip> {
  loading ??= import('@mui/material/Tooltip').then((m) => {
    loaded = m.default as Tooltip;
    for (const notify of waiting) notify(loaded);
    waiting.clear();
    return loaded;
  });
  return loading;
}

const INTENT_EVENTS = ['pointermove', 'pointerdown', 'keydown', 'touchstart', 'focusin'] as const;
let listening = false;
/** The first sign of a person at the page (pointer, key, touch, focus) loads the tooltip, before any hover can need it. */
function loadOnFirstIntent() {
  if (listening || loaded || typeof document === 'undefined') return;
  listening = true;
  const go = () => {
    for (const e of INTENT_EVENTS) document.removeEventListener(e, go, true);
    void loadTooltip();
  };
  for (const e of INTENT_EVENTS) document.addEventListener(e, go, { capture: true, passive: true });
}

interface LazyTooltipProps {
  title: string;
  describeChild?: boolean;
  children: ReactElement<{ ref?: Ref<HTMLElement>; title?: string; 'aria-label'?: string }>;
}

/**
 * MUI's Tooltip, fetched on the page's first pointer, key, touch or focus event instead of with the page
 * (decision 028: the login page shows three tooltips and must stay within its JavaScript budget). Until
 * then the child carries what MUI's closed tooltip gives it: the title attribute (describeChild) or
 * aria-label. The child is remounted inside the Tooltip when it arrives; focus stays where it was.
 */
export function LazyTooltip({ title, describeChild, children }: LazyTooltipProps) {
  const [Tip, setTip] = useState<Tooltip | null>(() => loaded);
  // The child's element (a callback ref into state): the one inside the Tooltip is a new element.
  const [node, setNode] = useState<HTMLElement | null>(null);
  const hadFocus = useRef(false);
  useEffect(() => {
    if (Tip) return;
    const onLoad = (t: Tooltip) => {
      hadFocus.current = node !== null && node === document.activeElement;
      setTip(() => t);
    };
    waiting.add(onLoad);
    loadOnFirstIntent();
    return () => {
      waiting.delete(onLoad);
    };
  }, [Tip, node]);
  useLayoutEffect(() => {
    if (Tip && node && hadFocus.current) {
      hadFocus.current = false;
      node.focus();
    }
  }, [Tip, node]);
  if (Tip) {
    return (
      <Tip title={title} describeChild={describeChild}>
        {cloneElement(children, { ref: setNode })}
      </Tip>
    );
  }
  return cloneElement(children, describeChild ? { ref: setNode, title } : { ref: setNode, 'aria-label': children.props['aria-label'] ?? title });
}
