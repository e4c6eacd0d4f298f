import type { DragEvent, KeyboardEvent, PointerEvent, ThHTMLAttributes } from 'react';
import { MAX_WIDTH, MIN_WIDTH } from './columns';

export interface HeaderCellProps extends ThHTMLAttributes<HTMLTableCellElement> {
  /** The column's width now; with `onResize` the cell gets a handle on its right edge. */
  colWidth?: number;
  /** A new width while dragging (`done` false) and when it is let go or set by the keyboard (`done` true). */
  onResize?: (width: number, done: boolean) => void;
  resizeLabel?: string;
  /** Dragging headers onto one another reorders them: this column's key, and what to do on a drop. */
  columnKey?: string;
  onDropColumn?: (dragged: string, target: string) => void;
}

const clamp = (w: number) => Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, Math.round(w)));
const DRAG_TYPE = 'application/x-scaler-column';

/**
 * A header cell of the perf list (antd's `components.header.cell`): resizable with the mouse or, on its
 * handle (a focusable separator), with the arrow keys; draggable onto another header to move there.
 */
export function HeaderCell({
  colWidth,
  onResize,
  resizeLabel,
  columnKey,
  onDropColumn,
  children,
  ...rest
}: HeaderCellProps) {
  if (!onResize || colWidth === undefined) return <th {...rest}>{children}</th>;
  const start = (e: PointerEvent<HTMLSpanElement>) => {
    e.preventDefault();
    e.stopPropagation();
    const x0 = e.clientX;
    let latest = colWidth;
    const move = (ev: globalThis.PointerEvent) => {
      latest = clamp(colWidth + ev.clientX - x0);
      onResize(latest, false);
    };
    const up = () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
      onResize(latest, true);
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
  };
  const keys = (e: KeyboardEvent<HTMLSpanElement>) => {
    const step = e.key === 'ArrowRight' ? 10 : e.key === 'ArrowLeft' ? -10 : 0;
    if (step === 0) return;
    e.preventDefault();
    e.stopPropagation();
    onResize(clamp(colWidth + step), true);
  };
  const drag = onDropColumn && columnKey;
  return (
    <th
      {...rest}
      draggable={drag ? true : undefined}
      onDragStart={
        drag
          ? (e: DragEvent<HTMLTableCellElement>) => {
              e.dataTransfer.setData(DRAG_TYPE, columnKey);
              e.dataTransfer.effectAllowed = 'move';
            }
          : undefined
      }
      onDragOver={
        drag
          ? (e: DragEvent<HTMLTableCellElement>) => {
              if (e.dataTransfer.types.includes(DRAG_TYPE)) e.preventDefault();
            }
          : undefined
      }
      onDrop={
        drag
          ? (e: DragEvent<HTMLTableCellElement>) => {
              const dragged = e.dataTransfer.getData(DRAG_TYPE);
              if (!dragged) return;
              e.preventDefault();
              onDropColumn(dragged, columnKey);
            }
          : undefined
      }
    >
      {children}
      {/* biome-ignore lint/a11y/useSemanticElements: a focusable splitter between headers, as WAI-ARIA describes it */}
      <span
        role="separator"
        aria-orientation="vertical"
        aria-label={resizeLabel}
        aria-valuenow={colWidth}
        aria-valuemin={MIN_WIDTH}
        aria-valuemax={MAX_WIDTH}
        tabIndex={0}
        draggable={false}
        onPointerDown={start}
        onClick={(e) => e.stopPropagation()}
        onKeyDown={keys}
        style={{
          position: 'absolute',
          top: 0,
          right: -3,
          bottom: 0,
          width: 7,
          cursor: 'col-resize',
          zIndex: 2,
          touchAction: 'none',
        }}
      />
    </th>
  );
}
