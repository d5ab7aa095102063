// Dropdown menus whose Radix code (menu, popper, floating-ui, scroll lock: ~30 KB gzipped) loads on first
// use, so no page's first load carries it (issue 14's initial-JavaScript budget), and a feed of 200 posts
// renders 200 plain buttons instead of 200 menu roots. Same parts and props as shadcn's dropdown-menu.
// Until a menu is used its trigger is the bare child button, marked as a menu button; hovering or focusing
// it swaps in the real menu (focus stays on it), and a click, Enter, Space or ArrowDown before the code has
// arrived opens the menu as soon as it has, the first item focused when the keyboard asked.
import type * as Primitive from '@radix-ui/react-dropdown-menu';
import * as React from 'react';
import { retryImport } from '../../lib/retry-import.ts';
import { whenSettled } from '../../lib/when-idle.ts';

type Radix = typeof import('./dropdown-menu-radix.tsx');
let radix: Radix | null = null;
let loading: Promise<Radix> | null = null;

/** The menu code, fetched once. */
export function loadDropdownMenu(): Promise<Radix> {
  loading ??= retryImport(() => import('./dropdown-menu-radix.tsx')).then((module) => {
    radix = module;
    return module;
  });
  return loading;
}

let prefetchScheduled = false;
/**
 * Fetches the code once the page has settled (load, 3 s, then idle), so a first use seldom waits for the
 * network and the fetch never competes with the page's first render.
 */
function prefetchWhenIdle() {
  if (prefetchScheduled || typeof window === 'undefined') return;
  prefetchScheduled = true;
  whenSettled(() => void loadDropdownMenu());
}

interface Activation {
  open: boolean;
  /** Opened by a key: the first item takes focus, as Radix does for a keyboard opening. */
  keyboard: boolean;
  /** The bare trigger had focus: the real one gets it back. */
  refocus: boolean;
}

interface LazyRoot {
  active: boolean;
  activate: (request: { open: boolean; keyboard?: boolean }, trigger: HTMLElement | null) => void;
  triggerRef: React.RefObject<HTMLButtonElement | null>;
}
const RootContext = React.createContext<LazyRoot | null>(null);

function useLazyRoot(): LazyRoot {
  const root = React.useContext(RootContext);
  if (!root) throw new Error('DropdownMenu parts must be inside <DropdownMenu>');
  return root;
}

/** Not modal by default (see dropdown-menu-radix.tsx). */
export function DropdownMenu({
  children,
  open,
  onOpenChange,
  ...props
}: React.ComponentProps<typeof Primitive.Root>) {
  const [activation, setActivation] = React.useState<Activation | null>(null);
  const triggerRef = React.useRef<HTMLButtonElement | null>(null);
  React.useEffect(prefetchWhenIdle, []);

  const activate = React.useCallback<LazyRoot['activate']>(
    (request, trigger) => {
      void loadDropdownMenu().then(() => {
        // Decided once the code is here: a keyboard user who tabbed on meanwhile keeps their place.
        const refocus = trigger !== null && trigger === document.activeElement;
        setActivation((current) =>
          current && !request.open
            ? current
            : {
                open: request.open,
                keyboard: request.keyboard ?? false,
                refocus: current?.refocus ?? refocus,
              },
        );
        if (request.open) onOpenChange?.(true);
      });
    },
    [onOpenChange],
  );
  const active = activation !== null && radix !== null;

  // The swap mounted a new trigger: focus goes back to it, and a keyboard opening focuses the first item.
  React.useEffect(() => {
    if (!activation) return;
    const trigger = triggerRef.current;
    if (activation.refocus && !activation.open && document.activeElement !== trigger) {
      trigger?.focus({ preventScroll: true });
    }
    if (!activation.open || !activation.keyboard) return;
    // The content mounts through a portal a commit later and focuses itself: the first item after that.
    let tries = 0;
    const focusFirstItem = () => {
      const menu = document.getElementById(trigger?.getAttribute('aria-controls') ?? '');
      const item = menu?.querySelector<HTMLElement>('[role="menuitem"]:not([data-disabled])');
      if (item) item.focus();
      else if (++tries < 10) timer = setTimeout(focusFirstItem, 16);
    };
    let timer = setTimeout(focusFirstItem, 0);
    return () => clearTimeout(timer);
  }, [activation]);

  const root = React.useMemo(() => ({ active, activate, triggerRef }), [active, activate]);
  const Real = radix?.DropdownMenu;
  return (
    <RootContext.Provider value={root}>
      {active && Real ? (
        <Real
          // An opening asked for while the menu was being swapped in (focus, then Enter) remounts it open.
          key={activation.open ? 'opened' : 'warm'}
          {...props}
          defaultOpen={activation.open || props.defaultOpen}
          open={open}
          onOpenChange={onOpenChange}
        >
          {children}
        </Real>
      ) : (
        children
      )}
    </RootContext.Provider>
  );
}

type TriggerProps = React.ComponentPropsWithoutRef<typeof Primitive.Trigger>;
type ChildProps = React.HTMLAttributes<HTMLElement> & { disabled?: boolean };

const OPEN_KEYS = ['Enter', ' ', 'ArrowDown'];

/** Calls the child's own handler first; ours runs unless it prevented the default. */
function compose<E extends React.SyntheticEvent>(
  theirs: ((event: E) => void) | undefined,
  ours: (event: E) => void,
) {
  return (event: E) => {
    theirs?.(event);
    if (!event.defaultPrevented) ours(event);
  };
}

/** Only with `asChild`: the child is the button, bare until the menu is first used. */
export function DropdownMenuTrigger({ children, disabled, asChild: _always, ...props }: TriggerProps) {
  const root = useLazyRoot();
  const Real = radix?.DropdownMenuTrigger;
  if (root.active && Real) {
    return (
      <Real ref={root.triggerRef} asChild disabled={disabled} {...props}>
        {children}
      </Real>
    );
  }
  const child = React.Children.only(children) as React.ReactElement<ChildProps>;
  const own = child.props;
  const warm = (event: React.SyntheticEvent<HTMLElement>) =>
    root.activate({ open: false }, event.currentTarget);
  const open = (event: React.SyntheticEvent<HTMLElement>, keyboard: boolean) => {
    event.preventDefault();
    root.activate({ open: true, keyboard }, event.currentTarget);
  };
  return React.cloneElement(child, {
    ...(props as ChildProps),
    disabled: disabled ?? own.disabled,
    'aria-haspopup': 'menu',
    'aria-expanded': false,
    'data-state': 'closed',
    onPointerEnter: compose(own.onPointerEnter, warm),
    onFocus: compose(own.onFocus, warm),
    onKeyDown: compose(own.onKeyDown, (event) => {
      if (OPEN_KEYS.includes(event.key)) open(event, true);
    }),
    // As Radix does, a mouse opens on pointerdown: the hover's swap may replace this button before the click.
    onPointerDown: compose(own.onPointerDown, (event) => {
      if (event.button === 0 && !event.ctrlKey && event.pointerType === 'mouse') open(event, false);
    }),
    // A click with no pointerdown first (touch, a screen reader's activation) opens the menu too.
    onClick: compose(own.onClick, (event) => open(event, false)),
  } as ChildProps);
}

// The parts below render only inside a menu that has been swapped in.
type Parts = Omit<Radix, 'DropdownMenu' | 'DropdownMenuTrigger'>;
function part<K extends keyof Parts>(name: K): Parts[K] {
  // biome-ignore lint/correctness/noComponentHookFactories: called once per part, at module level.
  const Part = React.forwardRef<unknown, Record<string, unknown>>((props, ref) => {
    // Only inside a menu already swapped in: the code may be here (another menu, the idle prefetch) while
    // this one is still a bare button, and Radix's parts need their Root.
    const active = React.useContext(RootContext)?.active === true;
    const Real = radix?.[name] as React.ElementType | undefined;
    return active && Real ? <Real ref={ref} {...props} /> : null;
  });
  Part.displayName = name;
  return Part as unknown as Parts[K];
}

export const DropdownMenuContent = part('DropdownMenuContent');
export const DropdownMenuItem = part('DropdownMenuItem');
export const DropdownMenuGroup = part('DropdownMenuGroup');
export const DropdownMenuLabel = part('DropdownMenuLabel');
export const DropdownMenuSeparator = part('DropdownMenuSeparator');
