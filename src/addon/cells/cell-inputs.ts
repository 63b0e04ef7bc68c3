// Cell values → container numbers or shipment identifiers, with the message a person needs when
// a value cannot be one. None of this spends a request.

import { identifierText, quote } from '../../core/cell-input';
import {
  CONTAINER_FORMAT_EXAMPLE,
  looksLikeContainerNumber,
  normalizeContainerNumber,
} from '../../core/container-number';
import { AppError } from '../../core/errors';
import { identifierKey } from '../../engine/record-store';

export function containerNumberFrom(value: unknown): string {
  const text = identifierText(value);
  if (!text.ok) {
    throw new AppError(
      'input',
      `Not a container number: ${text.problem}. Container numbers look like ${CONTAINER_FORMAT_EXAMPLE}.`,
    );
  }
  const normalized = normalizeContainerNumber(text.text);
  if (!looksLikeContainerNumber(normalized)) {
    throw new AppError(
      'input',
      `${quote(text.text)} is not a container number. Use 4 letters and 7 digits, like ${CONTAINER_FORMAT_EXAMPLE}.`,
    );
  }
  return normalized;
}

/** A BOL, booking or reference number as typed; a container number normalised like above. */
export function shipmentIdentifierFrom(value: unknown): string {
  const text = identifierText(value);
  if (!text.ok) {
    throw new AppError('input', `Not a BOL, booking or reference number: ${text.problem}.`);
  }
  const asContainer = normalizeContainerNumber(text.text);
  if (looksLikeContainerNumber(asContainer)) return asContainer;
  const key = identifierKey(text.text);
  if (key === '') throw new AppError('input', 'Empty BOL, booking or reference number.');
  return key;
}
