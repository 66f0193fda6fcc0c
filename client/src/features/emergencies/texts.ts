/** Labels of the emergency screens (the spec's own, 'Emergency Protocol Active' and 'View Details', are common/texts). */
export const EMERGENCY_TEXTS = {
  raiseTitle: 'Raise an emergency',
  raiseIntro: 'Everyone who works in the plant sees the alert until a supervisor clears it.',
  plant: 'Plant',
  reason: 'What is happening',
  reasonHint: 'Where, what, and what people must do (e.g. gas alarm at the fuel gas skid, area evacuated).',
  raise: 'Raise emergency',
  raised: 'Emergency raised',
  failed: 'Could not raise the emergency',
  raisedBy: (name: string, when: string) => `Raised by ${name}, ${when}`,
  procedure: "The plant's emergency procedure",
  clear: 'Clear emergency',
  cleared: 'Emergency cleared',
  clearOnly: 'Only a supervisor or an admin can clear the emergency.',
  someone: 'someone',
} as const;
