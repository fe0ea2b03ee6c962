// The import path the stack and the tests use; the emulator is in ./s3/ (emulator.ts is its parent side).
export { startS3Local, type S3EventRecord, type S3Local } from './s3/emulator.js';
