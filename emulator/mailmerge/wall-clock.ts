import { formatDatetime, type DatetimePrecision } from '../datetime';

/**
 * Interface B's sample datetimes carry no zone, so the service may write its local clock. With an
 * IANA zone set the emulator writes that zone's wall clock: at a fall-back an hour comes twice.
 */
const DATE = { year: 'numeric', month: '2-digit', day: '2-digit' } as const;
const TIME = { hour: '2-digit', minute: '2-digit', second: '2-digit' } as const;

export class MailMergeClock {
	private format: Intl.DateTimeFormat | undefined;

	constructor(private readonly initialZone?: string) {
		this.setZone(initialZone);
	}

	/** The zone of the emulator's options again (reset). */
	reset(): void {
		this.setZone(this.initialZone);
	}

	/** undefined or '': UTC, the emulator's default. An unknown zone name is an error. */
	setZone(zone: string | undefined): void {
		try {
			const options = { timeZone: zone, hourCycle: 'h23', ...DATE, ...TIME } as const;
			this.format = zone ? new Intl.DateTimeFormat('en-US', options) : undefined;
		} catch {
			throw new Error(`unknown time zone ${zone}`);
		}
	}

	/** `YYYY-MM-DDThh:mm[:ss]` without zone: UTC, or the wall clock of the zone set. */
	write(ms: number, precision: DatetimePrecision): string {
		if (!this.format) return formatDatetime(ms, precision, false);
		const part: Record<string, string> = {};
		for (const { type, value } of this.format.formatToParts(new Date(ms))) part[type] = value;
		const minute = `${part.year}-${part.month}-${part.day}T${part.hour}:${part.minute}`;
		return precision === 'minute' ? minute : `${minute}:${part.second}`;
	}
}
