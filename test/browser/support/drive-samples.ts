// The sample documents of local/samples/drive as fake Drive files, with ids shaped like real
// Drive ids (the server refuses anything else, so file names cannot serve as ids).

import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { DriveFileSpec } from '../../../local/gas/drive';

const SAMPLES = path.resolve(__dirname, '../../../local/samples/drive');

export const SAMPLE_IDS = {
  billOfLading: '1BoLsamplePdf000000000000000001',
  arrivalNotice: '1ArrivalNoticePdf0000000000002',
  photo: '1ContainerPhotoPng000000000003',
  oversize: '1OversizeScan000000000000000004',
};

export function sampleDriveFiles(): DriveFileSpec[] {
  const file = (id: string, name: string, mimeType: string, updated: string): DriveFileSpec => ({
    id,
    name,
    mimeType,
    bytes: new Uint8Array(readFileSync(path.join(SAMPLES, name))),
    lastUpdated: new Date(updated),
  });
  return [
    file(SAMPLE_IDS.billOfLading, 'bill-of-lading.pdf', 'application/pdf', '2026-11-20T09:00:00Z'),
    file(SAMPLE_IDS.arrivalNotice, 'arrival-notice.pdf', 'application/pdf', '2026-11-19T12:00:00Z'),
    file(SAMPLE_IDS.photo, 'container-photo.png', 'image/png', '2026-11-18T16:30:00Z'),
  ];
}

/** A scan over the 45 MB limit. Zero-filled: the allocation is cheap, and it is never read. */
export function oversizeFile(): DriveFileSpec {
  return {
    id: SAMPLE_IDS.oversize,
    name: 'whole-voyage-scan.pdf',
    mimeType: 'application/pdf',
    bytes: new Uint8Array(61 * 1024 * 1024),
    lastUpdated: new Date('2026-11-17T08:00:00Z'),
  };
}
