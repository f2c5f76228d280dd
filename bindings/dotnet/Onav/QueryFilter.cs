// Which polygons a query may use and what walking each area costs. A plain
// managed object, copied into the C struct for each call, so one filter can
// be changed between calls and shared by queries.
using System;

namespace Onav
{
    public sealed unsafe class QueryFilter
    {
        /// Number of areas (ONAV_AREA_COUNT), the length of AreaCosts.
        public const int AreaCount = NativeQueryFilter.AreaCount;

        /// The library's default: every flag included, none excluded, every area cost 1.
        public QueryFilter() : this(DefaultNative())
        {
        }

        /// A managed copy of a C filter (an agent's, AgentParams.Filter).
        internal QueryFilter(NativeQueryFilter native)
        {
            IncludeFlags = native.IncludeFlags;
            ExcludeFlags = native.ExcludeFlags;
            AreaCosts = new double[AreaCount];
            for (int area = 0; area < AreaCount; area++) AreaCosts[area] = native.AreaCosts[area];
        }

        /// A polygon passes only when its flags share a bit with this mask.
        public ushort IncludeFlags { get; set; }
        /// A polygon passes only when its flags share no bit with this mask.
        public ushort ExcludeFlags { get; set; }
        /// Cost per unit of distance in each area: finite and >= 0, or
        /// double.PositiveInfinity to exclude the area. Exactly AreaCount entries.
        public double[] AreaCosts { get; private set; }

        static NativeQueryFilter DefaultNative()
        {
            var err = new NativeError();
            NativeQueryFilter native;
            NativeStatus.Check(NativeMethods.onav_query_filter_default(out native, ref err), ref err);
            return native;
        }

        internal NativeQueryFilter ToNative()
        {
            var native = new NativeQueryFilter { IncludeFlags = IncludeFlags, ExcludeFlags = ExcludeFlags };
            for (int area = 0; area < AreaCount; area++) native.AreaCosts[area] = AreaCosts[area];
            return native;
        }

        internal static NativeQueryFilter ToNative(QueryFilter filter)
        {
            if (filter == null) throw new ArgumentNullException("filter");
            return filter.ToNative();
        }
    }
}
