/**
 * What a call recording's file is: its content type, stored with it and served with it, and its file name's extension.
 * Ogg Opus for every call whose voices came as Opus (recording-ogg.ts); WAV for a PBX call of G.711 only, its samples
 * decoded (server/features/softphone/pbx-recording-wav.ts).
 */
export const RECORDING_EXTENSIONS = { "audio/ogg": "opus", "audio/wav": "wav" } as const

export type RecordingType = keyof typeof RECORDING_EXTENSIONS

/** The stored content type's extension (an unknown one is served as a file of no particular kind). */
export const extensionOf = (contentType: string): string => RECORDING_EXTENSIONS[contentType as RecordingType] ?? "bin"
