/** An S3 event notification record, as S3 delivers it (to Lambda, SQS or SNS). */
export interface S3EventRecord {
  eventVersion: string;
  eventSource: 'aws:s3';
  awsRegion: string;
  eventTime: string;
  /** ObjectCreated:Put | Post | Copy | CompleteMultipartUpload, ObjectRemoved:Delete */
  eventName: string;
  s3: {
    bucket: { name: string; arn: string };
    /** `key` is URL-encoded as S3 sends it ("red flower.jpg" is "red+flower.jpg"); size and eTag on creations only. */
    object: { key: string; size?: number; eTag?: string; sequencer: string };
  };
}

/** The fork's record, before events.ts makes it like S3's. */
export interface RawRecord extends Omit<S3EventRecord, 'eventSource'> {
  eventSource: string;
}
