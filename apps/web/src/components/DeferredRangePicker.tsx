import { CalendarOutlined, SwapRightOutlined } from '@ant-design/icons';
import type { DatePicker, GetProps } from 'antd';
import type { Dayjs } from 'dayjs';
import { lazy, Suspense, useState } from 'react';

type RangePickerProps = GetProps<typeof DatePicker.RangePicker>;

const loadPicker = () => import('./RangePicker').then((m) => ({ default: m.RangePicker }));
const RangePicker = lazy(loadPicker);

/**
 * antd's RangePicker, loaded when the user reaches for it: the picker (its calendar panels and dayjs
 * plugins) weighs as much as the rest of a report page, and most visits only read the range. Until the
 * pointer or the keyboard comes to it, the range is drawn as the closed picker draws it (styles.css,
 * `.range-lookalike`); the picker then takes its place, focused when reached by keyboard and open when
 * clicked before it had loaded.
 */
export function DeferredRangePicker(props: RangePickerProps & { value: [Dayjs, Dayjs]; format?: string }) {
  const [state, setState] = useState<'idle' | 'ready' | 'focus' | 'open'>('idle');
  const format = props.format ?? 'YYYY-MM-DD';
  const lookalike = (
    // biome-ignore lint/a11y/useSemanticElements: it stands for the picker's two inputs until the picker loads
    <div
      className="range-lookalike"
      role="button"
      tabIndex={0}
      aria-label={props['aria-label']}
      onPointerEnter={() => setState((s) => (s === 'idle' ? 'ready' : s))}
      onFocus={() => setState((s) => (s === 'idle' || s === 'ready' ? 'focus' : s))}
      onClick={() => setState('open')}
      onKeyDown={(event) => {
        if (event.key === 'Enter' || event.key === ' ') setState('open');
      }}
    >
      <input readOnly tabIndex={-1} aria-hidden size={12} value={props.value[0].format(format)} />
      <span className="range-lookalike-separator" aria-hidden>
        <SwapRightOutlined />
      </span>
      <input readOnly tabIndex={-1} aria-hidden size={12} value={props.value[1].format(format)} />
      <span className="range-lookalike-suffix" aria-hidden>
        <CalendarOutlined />
      </span>
    </div>
  );
  if (state === 'idle') return lookalike;
  return (
    <Suspense fallback={lookalike}>
      <RangePicker
        {...props}
        autoFocus={state === 'focus' || state === 'open'}
        defaultOpen={state === 'open'}
      />
    </Suspense>
  );
}
