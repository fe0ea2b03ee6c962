import { inject } from 'vitest';

// Tests that call the data layer directly talk to the same DynamoDB Local and s3rver as the API.
Object.assign(process.env, inject('stackEnv'));
