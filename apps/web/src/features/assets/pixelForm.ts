import {
  PIXEL_CONVERSION_TYPE,
  PIXEL_MODE,
  type PixelConversionType,
  type PixelMode,
  type TPixelDetail,
} from '@scaler/domain';
import { type EventFormValue, type EventInput, toEventForm, toEventInputs } from './eventForm';

/** The pixel form (create and edit): the fields of `ZCreatePixelRequest`, events in the editor's shape. */
export interface PixelFormValues {
  name: string;
  conversion_type: PixelConversionType;
  mode: PixelMode;
  events: EventFormValue;
}

export const newPixel = (mode: PixelMode = PIXEL_MODE.pixel): PixelFormValues => ({
  name: '',
  conversion_type: PIXEL_CONVERSION_TYPE.ecommerce,
  mode,
  events: { standard: ['page_view'], custom: [] },
});

export function toPixelForm(pixel: TPixelDetail): PixelFormValues {
  return {
    name: pixel.name,
    conversion_type: pixel.conversion_type,
    mode: pixel.mode,
    events: toEventForm(pixel.events),
  };
}

/** The body of POST/PUT /scaler/v3/pixel before the domain schema checks it. */
export function toPixelRequest(values: PixelFormValues): {
  name: string;
  conversion_type: PixelConversionType;
  mode: PixelMode;
  events: EventInput[];
} {
  return {
    name: values.name.trim(),
    conversion_type: values.conversion_type,
    mode: values.mode,
    events: toEventInputs(values.events),
  };
}

/** Search arbitrage (3) needs at least one standard event. */
export function standardEventsProblem(
  conversionType: PixelConversionType | undefined,
  standard: readonly string[] | undefined,
): 'validation.missing_standard_events' | null {
  return conversionType === PIXEL_CONVERSION_TYPE.searchArbitrage && (standard ?? []).length === 0
    ? 'validation.missing_standard_events'
    : null;
}
