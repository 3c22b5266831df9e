/**
 * Reading a file the agent attached, for the upload call (which takes its bytes as base64). A service so the I/O
 * stays out of the views and machines: the composer hands the browser's File to the conversation actor, whose send
 * reads it here, at the moment it is sent (a retry reads it again).
 */
import { Context, Effect, Layer, Schema } from "effect"

/** What the browser gives for a picked file (a `File`): its bytes, name, type and size. */
export type PickedFile = Blob & { readonly name: string }

export interface FileContent {
  readonly name: string
  readonly mime: string
  readonly size: number
  readonly base64: string
}

export class FileReadError extends Schema.TaggedError<FileReadError>()("FileReadError", {
  name: Schema.String,
  message: Schema.String,
}) {}

export interface ChatFilesShape {
  readonly read: (file: PickedFile) => Effect.Effect<FileContent, FileReadError>
}

// Chunks keep String.fromCharCode's argument list small (large files would overflow the call stack).
const CHUNK = 0x8000
export const toBase64 = (bytes: Uint8Array): string => {
  let binary = ""
  for (let at = 0; at < bytes.length; at += CHUNK) binary += String.fromCharCode(...bytes.subarray(at, at + CHUNK))
  return btoa(binary)
}

const read = (file: PickedFile) =>
  Effect.tryPromise({
    try: () => file.arrayBuffer(),
    catch: (error) => new FileReadError({ name: file.name, message: error instanceof Error ? error.message : String(error) }),
  }).pipe(
    Effect.map(
      (buffer): FileContent => ({
        name: file.name,
        mime: file.type || "application/octet-stream",
        size: file.size,
        base64: toBase64(new Uint8Array(buffer)),
      }),
    ),
  )

export class ChatFiles extends Context.Service<ChatFiles, ChatFilesShape>()("app/ChatFiles") {
  /** Blob.arrayBuffer: the same in the browser and in Node, so tests read real files the same way. */
  static readonly layer: Layer.Layer<ChatFiles> = Layer.succeed(ChatFiles, { read })
}
