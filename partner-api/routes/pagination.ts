// One pagination rule for the service and the web app's read model.
export { paginate } from '@/lib/event-index/pagination';
