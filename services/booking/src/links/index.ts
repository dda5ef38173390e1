export { LinksController } from './links.controller';
export { LinksRepository } from './links.repository';
export { LinksService } from './links.service';
