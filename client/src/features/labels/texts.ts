/** The labels' words beyond common/texts.ts's TEXTS.labels: the request QR beside the lookup code (issue 34). */
export const LABEL_TEXTS = {
  loadingRequestCodes: 'Loading the “Report a problem” codes…',
  requestCodesMissing: 'The labels print without their “Report a problem” code: the codes could not be loaded.',
};
