/** The three services of the emulator, named as in the request log and in fault filters. */
export type ApiName = 'fax' | 'mailMerge' | 'numbers';

export const API_NAMES: readonly ApiName[] = ['fax', 'mailMerge', 'numbers'];
