// Tabs in the WAI-ARIA pattern (tablist, tab, tabpanel): one tab in the Tab order, arrow keys, Home and End
// move between tabs and select them (automatic activation). Small on purpose: the main screen's JS budget
// cannot carry a general-purpose library for two tabs (ADR 0021).
import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface TabItem<Id extends string> {
  id: Id;
  label: ReactNode;
  /** Rendered while the tab is hidden too, so its state survives a switch (the map keeps its view). */
  keepMounted?: boolean;
  content: ReactNode;
}

interface TabsProps<Id extends string> {
  label: string;
  value: Id;
  onChange: (id: Id) => void;
  items: readonly TabItem<Id>[];
  className?: string;
  /** Beside the tab list, in one row with it (e.g. a filter that applies to every tab). */
  aside?: ReactNode;
  headerClassName?: string;
  listClassName?: string;
  tabClassName?: string;
  panelClassName?: string;
}

export function Tabs<Id extends string>(props: TabsProps<Id>) {
  const { label, value, onChange, items } = props;
  const base = useId();
  const tabRefs = useRef(new Map<Id, HTMLButtonElement>());

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = items.findIndex((item) => item.id === value);
    const last = items.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? (index + 1) % items.length
        : event.key === 'ArrowLeft'
          ? (index - 1 + items.length) % items.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : -1;
    const item = items[next];
    if (!item) return;
    event.preventDefault();
    onChange(item.id);
    tabRefs.current.get(item.id)?.focus();
  }

  const list = (
    <div
      role="tablist"
      aria-label={label}
      aria-orientation="horizontal"
      className={props.listClassName}
      onKeyDown={onKeyDown}
    >
      {items.map((item) => {
        const selected = item.id === value;
        return (
          <button
            key={item.id}
            ref={(element) => {
              if (element) tabRefs.current.set(item.id, element);
              else tabRefs.current.delete(item.id);
            }}
            type="button"
            role="tab"
            id={`${base}-tab-${item.id}`}
            aria-selected={selected}
            // Only a panel that is in the document may be named.
            aria-controls={selected || item.keepMounted ? `${base}-panel-${item.id}` : undefined}
            tabIndex={selected ? 0 : -1}
            data-state={selected ? 'active' : 'inactive'}
            className={props.tabClassName}
            onClick={() => onChange(item.id)}
          >
            {item.label}
          </button>
        );
      })}
    </div>
  );

  return (
    <div className={props.className}>
      {props.aside ? (
        <div className={props.headerClassName}>
          {list}
          {props.aside}
        </div>
      ) : (
        list
      )}
      {items.map((item) => {
        const selected = item.id === value;
        if (!selected && !item.keepMounted) return null;
        return (
          <div
            key={item.id}
            role="tabpanel"
            id={`${base}-panel-${item.id}`}
            aria-labelledby={`${base}-tab-${item.id}`}
            tabIndex={0}
            hidden={!selected}
            data-state={selected ? 'active' : 'inactive'}
            className={props.panelClassName}
          >
            {item.content}
          </div>
        );
      })}
    </div>
  );
}
