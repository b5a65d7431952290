import EventEmitter from '../../_virtual/index.mjs';



export { EventEmitter, EventEmitter as default };
