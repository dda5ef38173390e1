import { RpcMessage } from '@cincy/contracts';
import { RpcHandler, RpcPayload } from '@cincy/platform';
import { Controller } from '@nestjs/common';
import { PhotosService } from './photos.service';

type Record = RpcMessage<'dispatch.photos.record'>;
type List = RpcMessage<'dispatch.photos.list'>;
type File = RpcMessage<'dispatch.photos.file'>;
type VisitFile = RpcMessage<'dispatch.photos.visit-file'>;

@Controller()
export class PhotosController {
  constructor(private readonly photos: PhotosService) {}

  @RpcHandler('dispatch.photos.record')
  record(@RpcPayload('dispatch.photos.record') request: Record) {
    return this.photos.record(request);
  }

  @RpcHandler('dispatch.photos.list')
  list(@RpcPayload('dispatch.photos.list') { id, actor }: List) {
    return this.photos.list(id, actor);
  }

  @RpcHandler('dispatch.photos.visit-file')
  visitFile(@RpcPayload('dispatch.photos.visit-file') { id, photoId }: VisitFile) {
    return this.photos.visitFile(id, photoId);
  }

  @RpcHandler('dispatch.photos.file')
  file(@RpcPayload('dispatch.photos.file') { photoId, actor }: File) {
    return this.photos.file(photoId, actor);
  }
}
