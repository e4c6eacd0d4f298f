import dayjs from 'dayjs';

/** The console's time format (YYYY-MM-DD HH:mm:ss) in the browser's time; a dash for none. */
export const formatTime = (iso: string | null | undefined): string =>
  iso ? dayjs(iso).format('YYYY-MM-DD HH:mm:ss') : '—';
