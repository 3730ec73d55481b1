/** Shapes the emulator checks uploaded files and e-mail parameters against. */

export const EMAIL_ADDRESS = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isPdf(data: Buffer): boolean {
	return data.subarray(0, 5).toString('latin1') === '%PDF-';
}
