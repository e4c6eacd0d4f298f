import { DatePicker } from 'antd';

/** antd's range picker in a module of its own, for `DeferredRangePicker` to load. */
export const RangePicker = DatePicker.RangePicker;
