import type { E2eCase } from '../lib/types';
import { exampleCases } from './examples';

export const ALL_CASES: E2eCase[] = [...exampleCases];
