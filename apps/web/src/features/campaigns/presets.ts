/** The date presets of spec 9, as ranges of days ending today (report time zone). */
export const PRESETS = [
  'today',
  'yesterday',
  'last3',
  'last7',
  'last30',
  'this_month',
  'last_month',
  'last6m',
] as const;
export type Preset = (typeof PRESETS)[number];

const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

export function presetRange(preset: Preset, today: string): { start_date: string; end_date: string } {
  const month = today.slice(0, 7);
  switch (preset) {
    case 'today':
      return { start_date: today, end_date: today };
    case 'yesterday':
      return { start_date: addDays(today, -1), end_date: addDays(today, -1) };
    case 'last3':
      return { start_date: addDays(today, -2), end_date: today };
    case 'last7':
      return { start_date: addDays(today, -6), end_date: today };
    case 'last30':
      return { start_date: addDays(today, -29), end_date: today };
    case 'this_month':
      return { start_date: `${month}-01`, end_date: today };
    case 'last_month': {
      const lastDay = addDays(`${month}-01`, -1);
      return { start_date: `${lastDay.slice(0, 7)}-01`, end_date: lastDay };
    }
    case 'last6m': {
      const d = new Date(`${month}-01T00:00:00Z`);
      d.setUTCMonth(d.getUTCMonth() - 5);
      return { start_date: d.toISOString().slice(0, 10), end_date: today };
    }
  }
}
