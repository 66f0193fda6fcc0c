import { describe, expect, it } from 'vitest';
import { guessDocumentKind } from './document-file';

const pdf = (name: string) => ({ name, type: 'application/pdf' });

describe('the kind of a picked document, guessed from the file', () => {
  it('is a photo for an image, whatever its name says', () => {
    expect(guessDocumentKind({ name: 'IMG_2041.jpg', type: 'image/jpeg' })).toBe('photo');
    expect(guessDocumentKind({ name: 'manual-page.png', type: 'image/png' })).toBe('photo');
    expect(guessDocumentKind({ name: 'nameplate.webp', type: '' })).toBe('photo');
  });

  it("is what a PDF's name says: manual, datasheet, certificate, drawing", () => {
    expect(guessDocumentKind(pdf('Fisher_ED_Instruction_Manual.pdf'))).toBe('manual');
    expect(guessDocumentKind(pdf('V-001-BV datasheet.pdf'))).toBe('manual');
    expect(guessDocumentKind(pdf('IOM-gate-valve.pdf'))).toBe('manual');
    expect(guessDocumentKind(pdf('PSV-101_test-certificate.pdf'))).toBe('certificate');
    expect(guessDocumentKind(pdf('calibration_2026.pdf'))).toBe('certificate');
    expect(guessDocumentKind(pdf('GA-drawing-rev-B.pdf'))).toBe('drawing');
  });

  it('is "other" for a PDF whose name says nothing, never a manual by default', () => {
    expect(guessDocumentKind(pdf('scan0001.pdf'))).toBe('other');
  });
});
