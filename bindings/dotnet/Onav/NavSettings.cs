// Builder settings (OnavSettings). Every setter validates at once and
// throws ArgumentOutOfRangeException naming the field; ToParams gives the
// parameters (with the settings digest) meshes built from them carry.
using System;

namespace Onav
{
    public sealed unsafe class NavSettings : IDisposable
    {
        internal delegate int Getter<T>(SettingsHandle settings, out T value, ref NativeError err);
        internal delegate int Setter<T>(SettingsHandle settings, T value, ref NativeError err);

        internal readonly SettingsHandle Handle;

        /// The defaults: a 32-unit tile grid at the origin, 0.25 cells, a
        /// 0.5-radius 2-high agent, watershed partition, area 63, flags 1, no links.
        public NavSettings()
        {
            var err = new NativeError();
            NativeStatus.Check(NativeMethods.onav_settings_new(out Handle, ref err), ref err);
        }

        internal NavSettings(SettingsHandle handle)
        {
            Handle = handle;
        }

        public NavSettings Clone()
        {
            var err = new NativeError();
            SettingsHandle clone;
            NativeStatus.Check(NativeMethods.onav_settings_clone(Handle, out clone, ref err), ref err);
            return new NavSettings(clone);
        }

        T Get<T>(Getter<T> getter)
        {
            var err = new NativeError();
            T value;
            NativeStatus.Check(getter(Handle, out value, ref err), ref err);
            return value;
        }

        void Set<T>(Setter<T> setter, T value)
        {
            var err = new NativeError();
            NativeStatus.Check(setter(Handle, value, ref err), ref err);
        }

        public double OriginX { get { return Get<double>(NativeMethods.onav_settings_origin_x); } set { Set<double>(NativeMethods.onav_settings_set_origin_x, value); } }
        public double OriginY { get { return Get<double>(NativeMethods.onav_settings_origin_y); } set { Set<double>(NativeMethods.onav_settings_set_origin_y, value); } }
        public double OriginZ { get { return Get<double>(NativeMethods.onav_settings_origin_z); } set { Set<double>(NativeMethods.onav_settings_set_origin_z, value); } }
        public double TileSize { get { return Get<double>(NativeMethods.onav_settings_tile_size); } set { Set<double>(NativeMethods.onav_settings_set_tile_size, value); } }
        public double CellSize { get { return Get<double>(NativeMethods.onav_settings_cell_size); } set { Set<double>(NativeMethods.onav_settings_set_cell_size, value); } }
        public float AgentRadius { get { return Get<float>(NativeMethods.onav_settings_agent_radius); } set { Set<float>(NativeMethods.onav_settings_set_agent_radius, value); } }
        public float AgentHeight { get { return Get<float>(NativeMethods.onav_settings_agent_height); } set { Set<float>(NativeMethods.onav_settings_set_agent_height, value); } }
        public float WalkableClimb { get { return Get<float>(NativeMethods.onav_settings_walkable_climb); } set { Set<float>(NativeMethods.onav_settings_set_walkable_climb, value); } }
        public float AgentMaxSlope { get { return Get<float>(NativeMethods.onav_settings_agent_max_slope); } set { Set<float>(NativeMethods.onav_settings_set_agent_max_slope, value); } }
        public ushort MaxVertsPerPoly { get { return Get<ushort>(NativeMethods.onav_settings_max_verts_per_poly); } set { Set<ushort>(NativeMethods.onav_settings_set_max_verts_per_poly, value); } }
        public double CellHeight { get { return Get<double>(NativeMethods.onav_settings_cell_height); } set { Set<double>(NativeMethods.onav_settings_set_cell_height, value); } }
        /// -1 when automatic.
        public int SnapBits { get { return Get<int>(NativeMethods.onav_settings_snap_bits); } set { Set<int>(NativeMethods.onav_settings_set_snap_bits, value); } }
        /// In cells.
        public int MinRegionArea { get { return Get<int>(NativeMethods.onav_settings_min_region_area); } set { Set<int>(NativeMethods.onav_settings_set_min_region_area, value); } }
        /// In cells.
        public int MergeRegionArea { get { return Get<int>(NativeMethods.onav_settings_merge_region_area); } set { Set<int>(NativeMethods.onav_settings_set_merge_region_area, value); } }
        public float ContourMaxError { get { return Get<float>(NativeMethods.onav_settings_contour_max_error); } set { Set<float>(NativeMethods.onav_settings_set_contour_max_error, value); } }
        public double MaxEdgeLength { get { return Get<double>(NativeMethods.onav_settings_max_edge_length); } set { Set<double>(NativeMethods.onav_settings_set_max_edge_length, value); } }
        public double DetailSampleDistance { get { return Get<double>(NativeMethods.onav_settings_detail_sample_distance); } set { Set<double>(NativeMethods.onav_settings_set_detail_sample_distance, value); } }
        public double DetailMaxError { get { return Get<double>(NativeMethods.onav_settings_detail_max_error); } set { Set<double>(NativeMethods.onav_settings_set_detail_max_error, value); } }
        public double Height { get { return Get<double>(NativeMethods.onav_settings_height); } set { Set<double>(NativeMethods.onav_settings_set_height, value); } }
        public byte Area { get { return Get<byte>(NativeMethods.onav_settings_area); } set { Set<byte>(NativeMethods.onav_settings_set_area, value); } }
        public ushort Flags { get { return Get<ushort>(NativeMethods.onav_settings_flags); } set { Set<ushort>(NativeMethods.onav_settings_set_flags, value); } }

        public Partition Partition
        {
            get { return (Partition)Get<int>(NativeMethods.onav_settings_partition); }
            set { Set<int>(NativeMethods.onav_settings_set_partition, (int)value); }
        }

        /// Authored links every build bakes into the tile holding their start.
        public OffMeshLinkDefinition[] OffMeshLinks
        {
            get
            {
                return SizeQuery.Collect<OffMeshLinkDefinition>(0, (IntPtr b, UIntPtr c, out UIntPtr l, ref NativeError e) => NativeMethods.onav_settings_off_mesh_links(Handle, b, c, out l, ref e));
            }
            set
            {
                var err = new NativeError();
                fixed (OffMeshLinkDefinition* links = value)
                {
                    NativeStatus.Check(NativeMethods.onav_settings_set_off_mesh_links(Handle, links, NativeArgs.Length(value), ref err), ref err);
                }
            }
        }

        /// The parameters meshes built with these settings carry.
        public NavMeshParams ToParams()
        {
            var err = new NativeError();
            NavMeshParams parameters;
            NativeStatus.Check(NativeMethods.onav_settings_to_params(Handle, out parameters, ref err), ref err);
            return parameters;
        }

        public void Dispose()
        {
            Handle.Dispose();
        }
    }
}
