export { RoleBadge } from '../../../components/ui/role-badge';
