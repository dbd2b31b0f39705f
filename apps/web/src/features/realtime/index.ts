/** The realtime feature's door: channels as screens hold them. */
export {
  projectChangeOf,
  useChannel,
  type ChannelView,
  type ProjectChange,
} from './use-channel.ts';
