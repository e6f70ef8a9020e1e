import type { ReactNode, SVGProps } from "react";

export type IconProps = SVGProps<SVGSVGElement>;

export const AccountsIcon = (props: IconProps) => (
  <OutlineIcon {...props}>
    <path d="M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2" />
    <circle cx="9" cy="7" r="4" />
    <path d="M22 21v-2a4 4 0 0 0-3-3.87" />
    <path d="M16 3.13a4 4 0 0 1 0 7.75" />
  </OutlineIcon>
);

export const ListsIcon = (props: IconProps) => (
  <OutlineIcon {...props}>
    <path d="M8 6h13" />
    <path d="M8 12h13" />
    <path d="M8 18h13" />
    <path d="M3 6h.01" />
    <path d="M3 12h.01" />
    <path d="M3 18h.01" />
  </OutlineIcon>
);

export const PinIcon = (props: IconProps) => (
  <OutlineIcon {...props}>
    <path d="M12 17v5" />
    <path d="M5 17h14v-1.76a2 2 0 0 0-1.11-1.79l-1.78-.9A2 2 0 0 1 15 10.76V6h1a2 2 0 0 0 0-4H8a2 2 0 0 0 0 4h1v4.76a2 2 0 0 1-1.11 1.79l-1.78.9A2 2 0 0 0 5 15.24Z" />
  </OutlineIcon>
);

export const TasksIcon = (props: IconProps) => (
  <OutlineIcon {...props}>
    <path d="m9 11 3 3L22 4" />
    <path d="M21 12v7a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h11" />
  </OutlineIcon>
);

export const AnalyticsIcon = (props: IconProps) => (
  <OutlineIcon {...props}>
    <path d="M3 3v18h18" />
    <path d="M18 17V9" />
    <path d="M13 17V5" />
    <path d="M8 17v-3" />
  </OutlineIcon>
);

export const SettingsIcon = (props: IconProps) => (
  <OutlineIcon {...props}>
    <path d="M12.22 2h-.44a2 2 0 0 0-2 2v.18a2 2 0 0 1-1 1.73l-.43.25a2 2 0 0 1-2 0l-.15-.08a2 2 0 0 0-2.73.73l-.22.38a2 2 0 0 0 .73 2.73l.15.1a2 2 0 0 1 1 1.72v.51a2 2 0 0 1-1 1.74l-.15.09a2 2 0 0 0-.73 2.73l.22.38a2 2 0 0 0 2.73.73l.15-.08a2 2 0 0 1 2 0l.43.25a2 2 0 0 1 1 1.73V20a2 2 0 0 0 2 2h.44a2 2 0 0 0 2-2v-.18a2 2 0 0 1 1-1.73l.43-.25a2 2 0 0 1 2 0l.15.08a2 2 0 0 0 2.73-.73l.22-.39a2 2 0 0 0-.73-2.73l-.15-.08a2 2 0 0 1-1-1.74v-.5a2 2 0 0 1 1-1.74l.15-.09a2 2 0 0 0 .73-2.73l-.22-.38a2 2 0 0 0-2.73-.73l-.15.08a2 2 0 0 1-2 0l-.43-.25a2 2 0 0 1-1-1.73V4a2 2 0 0 0-2-2z" />
    <circle cx="12" cy="12" r="3" />
  </OutlineIcon>
);

export const SearchIcon = (props: IconProps) => (
  <OutlineIcon {...props}>
    <circle cx="11" cy="11" r="8" />
    <path d="m21 21-4.3-4.3" />
  </OutlineIcon>
);

export const BellIcon = (props: IconProps) => (
  <OutlineIcon {...props}>
    <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
    <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
  </OutlineIcon>
);

export const SignOutIcon = (props: IconProps) => (
  <OutlineIcon {...props}>
    <path d="M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4" />
    <path d="m16 17 5-5-5-5" />
    <path d="M21 12H9" />
  </OutlineIcon>
);

export const ChevronDownIcon = (props: IconProps) => (
  <OutlineIcon {...props}>
    <path d="m6 9 6 6 6-6" />
  </OutlineIcon>
);

export const CloseIcon = (props: IconProps) => (
  <OutlineIcon {...props}>
    <path d="M18 6 6 18" />
    <path d="m6 6 12 12" />
  </OutlineIcon>
);

export const LockIcon = (props: IconProps) => (
  <OutlineIcon {...props}>
    <rect width="18" height="11" x="3" y="11" rx="2" ry="2" />
    <path d="M7 11V7a5 5 0 0 1 10 0v4" />
  </OutlineIcon>
);

export const ProductLogoIcon = (props: IconProps) => (
  <OutlineIcon {...props}>
    <path d="M21 8a2 2 0 0 0-1-1.73l-7-4a2 2 0 0 0-2 0l-7 4A2 2 0 0 0 3 8v8a2 2 0 0 0 1 1.73l7 4a2 2 0 0 0 2 0l7-4A2 2 0 0 0 21 16Z" />
    <path d="m3.3 7 8.7 5 8.7-5" />
    <path d="M12 22V12" />
  </OutlineIcon>
);

export const EyeIcon = (props: IconProps) => (
  <OutlineIcon {...props}>
    <path d="M2 12s3-7 10-7 10 7 10 7-3 7-10 7-10-7-10-7Z" />
    <circle cx="12" cy="12" r="3" />
  </OutlineIcon>
);

export const PencilIcon = (props: IconProps) => (
  <OutlineIcon {...props}>
    <path d="M17 3a2.85 2.83 0 1 1 4 4L7.5 20.5 2 22l1.5-5.5Z" />
    <path d="m15 5 4 4" />
  </OutlineIcon>
);

export const MergeIcon = (props: IconProps) => (
  <OutlineIcon {...props}>
    <circle cx="18" cy="18" r="3" />
    <circle cx="6" cy="6" r="3" />
    <path d="M6 21V9a9 9 0 0 0 9 9" />
  </OutlineIcon>
);

export const UploadIcon = (props: IconProps) => (
  <OutlineIcon {...props}>
    <path d="M21 15v4a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-4" />
    <path d="m17 8-5-5-5 5" />
    <path d="M12 3v12" />
  </OutlineIcon>
);

export const PlusIcon = (props: IconProps) => (
  <OutlineIcon {...props}>
    <path d="M5 12h14" />
    <path d="M12 5v14" />
  </OutlineIcon>
);

export const TrashIcon = (props: IconProps) => (
  <OutlineIcon {...props}>
    <path d="M3 6h18" />
    <path d="M19 6v14a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2V6" />
    <path d="M8 6V4a2 2 0 0 1 2-2h4a2 2 0 0 1 2 2v2" />
  </OutlineIcon>
);

export const ArrowUpIcon = (props: IconProps) => (
  <OutlineIcon {...props}>
    <path d="m5 12 7-7 7 7" />
    <path d="M12 19V5" />
  </OutlineIcon>
);

export const ArrowDownIcon = (props: IconProps) => (
  <OutlineIcon {...props}>
    <path d="M12 5v14" />
    <path d="m19 12-7 7-7-7" />
  </OutlineIcon>
);

export const ChevronsUpDownIcon = (props: IconProps) => (
  <OutlineIcon {...props}>
    <path d="m7 15 5 5 5-5" />
    <path d="m7 9 5-5 5 5" />
  </OutlineIcon>
);

export const ChevronLeftIcon = (props: IconProps) => (
  <OutlineIcon {...props}>
    <path d="m15 18-6-6 6-6" />
  </OutlineIcon>
);

export const ChevronRightIcon = (props: IconProps) => (
  <OutlineIcon {...props}>
    <path d="m9 18 6-6-6-6" />
  </OutlineIcon>
);

export const ChevronsLeftIcon = (props: IconProps) => (
  <OutlineIcon {...props}>
    <path d="m11 17-5-5 5-5" />
    <path d="m18 17-5-5 5-5" />
  </OutlineIcon>
);

export const ChevronsRightIcon = (props: IconProps) => (
  <OutlineIcon {...props}>
    <path d="m6 17 5-5-5-5" />
    <path d="m13 17 5-5-5-5" />
  </OutlineIcon>
);

export const AlertCircleIcon = (props: IconProps) => (
  <OutlineIcon {...props}>
    <circle cx="12" cy="12" r="10" />
    <path d="M12 8v4" />
    <path d="M12 16h.01" />
  </OutlineIcon>
);

export const AlertTriangleIcon = (props: IconProps) => (
  <OutlineIcon {...props}>
    <path d="m21.73 18-8-14a2 2 0 0 0-3.48 0l-8 14A2 2 0 0 0 4 21h16a2 2 0 0 0 1.73-3" />
    <path d="M12 9v4" />
    <path d="M12 17h.01" />
  </OutlineIcon>
);

export const CheckCircleIcon = (props: IconProps) => (
  <OutlineIcon {...props}>
    <path d="M22 11.08V12a10 10 0 1 1-5.93-9.14" />
    <path d="m9 11 3 3L22 4" />
  </OutlineIcon>
);

export const FileSpreadsheetIcon = (props: IconProps) => (
  <OutlineIcon {...props}>
    <path d="M15 2H6a2 2 0 0 0-2 2v16a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V7Z" />
    <path d="M14 2v4a2 2 0 0 0 2 2h4" />
    <path d="M8 13h2" />
    <path d="M14 13h2" />
    <path d="M8 17h2" />
    <path d="M14 17h2" />
  </OutlineIcon>
);

export const RefreshIcon = (props: IconProps) => (
  <OutlineIcon {...props}>
    <path d="M3 12a9 9 0 0 1 9-9 9.75 9.75 0 0 1 6.74 2.74L21 8" />
    <path d="M21 3v5h-5" />
    <path d="M21 12a9 9 0 0 1-9 9 9.75 9.75 0 0 1-6.74-2.74L3 16" />
    <path d="M8 16H3v5" />
  </OutlineIcon>
);

export const CheckIcon = (props: IconProps) => (
  <OutlineIcon {...props}>
    <path d="M20 6 9 17l-5-5" />
  </OutlineIcon>
);

export const PhoneIcon = (props: IconProps) => (
  <OutlineIcon {...props}>
    <path d="M22 16.92v3a2 2 0 0 1-2.18 2 19.79 19.79 0 0 1-8.63-3.07 19.5 19.5 0 0 1-6-6 19.79 19.79 0 0 1-3.07-8.67A2 2 0 0 1 4.11 2h3a2 2 0 0 1 2 1.72 12.84 12.84 0 0 0 .7 2.81 2 2 0 0 1-.45 2.11L8.09 9.91a16 16 0 0 0 6 6l1.27-1.27a2 2 0 0 1 2.11-.45 12.84 12.84 0 0 0 2.81.7A2 2 0 0 1 22 16.92z" />
  </OutlineIcon>
);

export const MailIcon = (props: IconProps) => (
  <OutlineIcon {...props}>
    <rect width="20" height="16" x="2" y="4" rx="2" />
    <path d="m22 7-8.97 5.7a1.94 1.94 0 0 1-2.06 0L2 7" />
  </OutlineIcon>
);

export const CalendarIcon = (props: IconProps) => (
  <OutlineIcon {...props}>
    <rect width="18" height="18" x="3" y="4" rx="2" />
    <path d="M16 2v4" />
    <path d="M8 2v4" />
    <path d="M3 10h18" />
  </OutlineIcon>
);

export const UserIcon = (props: IconProps) => (
  <OutlineIcon {...props}>
    <path d="M19 21v-2a4 4 0 0 0-4-4H9a4 4 0 0 0-4 4v2" />
    <circle cx="12" cy="7" r="4" />
  </OutlineIcon>
);

export const UserPlusIcon = (props: IconProps) => (
  <OutlineIcon {...props}>
    <path d="M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2" />
    <circle cx="9" cy="7" r="4" />
    <path d="M19 8v6" />
    <path d="M22 11h-6" />
  </OutlineIcon>
);

export const NoteIcon = (props: IconProps) => (
  <OutlineIcon {...props}>
    <path d="M15 2H6a2 2 0 0 0-2 2v16a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V7Z" />
    <path d="M14 2v4a2 2 0 0 0 2 2h4" />
    <path d="M16 13H8" />
    <path d="M16 17H8" />
    <path d="M10 9H8" />
  </OutlineIcon>
);

export const PackageIcon = (props: IconProps) => (
  <OutlineIcon {...props}>
    <path d="m7.5 4.27 9 5.15" />
    <path d="M21 8a2 2 0 0 0-1-1.73l-7-4a2 2 0 0 0-2 0l-7 4A2 2 0 0 0 3 8v8a2 2 0 0 0 1 1.73l7 4a2 2 0 0 0 2 0l7-4A2 2 0 0 0 21 16Z" />
    <path d="m3.3 7 8.7 5 8.7-5" />
    <path d="M12 22V12" />
  </OutlineIcon>
);

export const BuildingIcon = (props: IconProps) => (
  <OutlineIcon {...props}>
    <path d="M6 22V4a2 2 0 0 1 2-2h8a2 2 0 0 1 2 2v18Z" />
    <path d="M6 12H4a2 2 0 0 0-2 2v6a2 2 0 0 0 2 2h2" />
    <path d="M18 9h2a2 2 0 0 1 2 2v9a2 2 0 0 1-2 2h-2" />
    <path d="M10 6h4" />
    <path d="M10 10h4" />
    <path d="M10 14h4" />
    <path d="M10 18h4" />
  </OutlineIcon>
);

export const MapPinIcon = (props: IconProps) => (
  <OutlineIcon {...props}>
    <path d="M20 10c0 6-8 12-8 12s-8-6-8-12a8 8 0 0 1 16 0Z" />
    <circle cx="12" cy="10" r="3" />
  </OutlineIcon>
);

export const MessageIcon = (props: IconProps) => (
  <OutlineIcon {...props}>
    <path d="M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z" />
  </OutlineIcon>
);

export const StarIcon = (props: IconProps) => (
  <OutlineIcon {...props}>
    <path d="M12 2 15.09 8.26 22 9.27 17 14.14 18.18 21.02 12 17.77 5.82 21.02 7 14.14 2 9.27 8.91 8.26Z" />
  </OutlineIcon>
);

export const ClockIcon = (props: IconProps) => (
  <OutlineIcon {...props}>
    <circle cx="12" cy="12" r="10" />
    <path d="M12 6v6l4 2" />
  </OutlineIcon>
);

export const MoreHorizontalIcon = (props: IconProps) => (
  <OutlineIcon {...props}>
    <circle cx="12" cy="12" r="1" />
    <circle cx="19" cy="12" r="1" />
    <circle cx="5" cy="12" r="1" />
  </OutlineIcon>
);

export const FilterIcon = (props: IconProps) => (
  <OutlineIcon {...props}>
    <path d="M22 3H2l8 9.46V19l4 2v-8.54L22 3z" />
  </OutlineIcon>
);

export const CopyIcon = (props: IconProps) => (
  <OutlineIcon {...props}>
    <rect width="14" height="14" x="8" y="8" rx="2" ry="2" />
    <path d="M4 16c-1.1 0-2-.9-2-2V4c0-1.1.9-2 2-2h10c1.1 0 2 .9 2 2" />
  </OutlineIcon>
);

export const PlugIcon = (props: IconProps) => (
  <OutlineIcon {...props}>
    <path d="M12 22v-5" />
    <path d="M9 8V2" />
    <path d="M15 8V2" />
    <path d="M18 8v5a4 4 0 0 1-4 4h-4a4 4 0 0 1-4-4V8z" />
  </OutlineIcon>
);

export const HistoryIcon = (props: IconProps) => (
  <OutlineIcon {...props}>
    <path d="M3 12a9 9 0 1 0 9-9 9.75 9.75 0 0 0-6.74 2.74L3 8" />
    <path d="M3 3v5h5" />
    <path d="M12 7v5l4 2" />
  </OutlineIcon>
);

export const TeamIcon = (props: IconProps) => (
  <OutlineIcon {...props}>
    <path d="M18 21a8 8 0 0 0-16 0" />
    <circle cx="10" cy="8" r="5" />
    <path d="M22 20c0-3.37-2-6.5-4-8a5 5 0 0 0-.45-8.3" />
  </OutlineIcon>
);

export const ShieldIcon = (props: IconProps) => (
  <OutlineIcon {...props}>
    <path d="M20 13c0 5-3.5 7.5-7.66 8.95a1 1 0 0 1-.67-.01C7.5 20.5 4 18 4 13V6a1 1 0 0 1 1-1c2 0 4.5-1.2 6.24-2.72a1.17 1.17 0 0 1 1.52 0C14.51 3.81 17 5 19 5a1 1 0 0 1 1 1z" />
  </OutlineIcon>
);

export const KeyIcon = (props: IconProps) => (
  <OutlineIcon {...props}>
    <path d="m15.5 7.5 2.3 2.3a1 1 0 0 0 1.4 0l2.1-2.1a1 1 0 0 0 0-1.4L19 4" />
    <path d="m21 2-9.6 9.6" />
    <circle cx="7.5" cy="15.5" r="5.5" />
  </OutlineIcon>
);

export const UserOffIcon = (props: IconProps) => (
  <OutlineIcon {...props}>
    <path d="M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2" />
    <circle cx="9" cy="7" r="4" />
    <path d="m17 8 5 5" />
    <path d="m22 8-5 5" />
  </OutlineIcon>
);

export const UserCheckIcon = (props: IconProps) => (
  <OutlineIcon {...props}>
    <path d="M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2" />
    <circle cx="9" cy="7" r="4" />
    <path d="m16 11 2 2 4-4" />
  </OutlineIcon>
);

/** A 24×24 stroked icon that is hidden from assistive technology; its control carries the label. */
function OutlineIcon({ children, ...props }: IconProps & { children: ReactNode }) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {children}
    </svg>
  );
}
