export { Sender } from './sender';
