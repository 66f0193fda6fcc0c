import { TEXTS } from '@common/texts';
import { toast } from '../toast';

/** A write kept on the device for later: the form closes and says so, the same words everywhere. */
export function toastQueued(what?: string): void {
  toast({
    title: TEXTS.offline.savedOnDevice,
    description: what ? `${what}: ${TEXTS.offline.savedOnDeviceDetail}` : TEXTS.offline.savedOnDeviceDetail,
  });
}
