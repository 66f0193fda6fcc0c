/** The labels' words beyond common/texts.ts's TEXTS.labels: the request QR beside the lookup code (issue 34). */
export const LABEL_TEXTS = {
  loadingRequestCodes: (done: number, total: number) => `Loading the “Report a problem” codes: ${done} of ${total}`,
  requestCodesMissing: (missing: number) =>
    `${missing === 1 ? 'One label prints' : `${missing} labels print`} without its “Report a problem” code: it could not be loaded.`,
};
