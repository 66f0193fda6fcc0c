/** An auditor reads the time of a signature made with no signal as the device's, checked when it arrived (121). */
export const SIGNED_OFFLINE = 'Signed with no signal on the signer’s device (its clock); checked when it arrived.';
