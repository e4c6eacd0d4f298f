import type { ModalFuncProps } from 'antd';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';

/**
 * Toasts and confirmation dialogs, as antd's `App.useApp()` offers them, without loading antd's message,
 * notification and modal code with every page: most visits never show one. The first call loads
 * `FeedbackHost` (antd's `message.useMessage` and `Modal.useModal`, rendered inside the console's
 * ConfigProvider, so themed and translated like the rest); calls made meanwhile wait for it.
 */
export interface Feedback {
  message: {
    success(content: ReactNode, duration?: number): void;
    error(content: ReactNode, duration?: number): void;
    warning(content: ReactNode, duration?: number): void;
    info(content: ReactNode, duration?: number): void;
  };
  modal: {
    confirm(config: ModalFuncProps): void;
  };
}

/** What the host hands over once loaded: antd's hook APIs. */
export type FeedbackApi = Feedback;

type Call = (api: FeedbackApi) => void;

let host: FeedbackApi | null = null;
const waiting: Call[] = [];
let showHost: (() => void) | null = null;

function run(call: Call): void {
  if (host) {
    call(host);
    return;
  }
  waiting.push(call);
  showHost?.();
}

/** Called by `FeedbackHost` when its APIs exist (and with null when it unmounts). */
export function attachFeedbackHost(api: FeedbackApi | null): void {
  host = api;
  if (!api) return;
  for (const call of waiting.splice(0)) call(api);
}

const toast =
  (kind: keyof Feedback['message']) =>
  (content: ReactNode, duration?: number): void =>
    run((api) => api.message[kind](content, duration));

/** Usable outside React as well (the API client's errors, the sign-in code's warning). */
export const feedback: Feedback = {
  message: {
    success: toast('success'),
    error: toast('error'),
    warning: toast('warning'),
    info: toast('info'),
  },
  modal: {
    confirm: (config) => run((api) => api.modal.confirm(config)),
  },
};

/** The console's toasts and confirmations (in place of antd's `App.useApp()`). */
export function useFeedback(): Feedback {
  return feedback;
}

const FeedbackHost = lazy(() => import('./FeedbackHost').then((m) => ({ default: m.FeedbackHost })));

/** Renders the host once the first toast or dialog is asked for, and keeps it from then on. */
export function FeedbackProvider({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState(() => waiting.length > 0 || host !== null);
  useEffect(() => {
    showHost = () => setShown(true);
    if (waiting.length > 0) setShown(true);
    return () => {
      showHost = null;
    };
  }, []);
  return (
    <>
      {children}
      {shown && (
        <Suspense fallback={null}>
          <FeedbackHost />
        </Suspense>
      )}
    </>
  );
}
