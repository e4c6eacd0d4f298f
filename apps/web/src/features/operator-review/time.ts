import dayjs from 'dayjs';

/** The console's date format (YYYY-MM-DD HH:mm:ss) in the browser's time. */
export const formatTime = (iso: string | null | undefined): string =>
  iso ? dayjs(iso).format('YYYY-MM-DD HH:mm:ss') : '';
