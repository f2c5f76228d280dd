// OnavParams: the parameters that tie a mesh's tiles together. The struct
// is passed to the library as it is (blittable, onav.h's field order).
using System;
using System.Runtime.InteropServices;

namespace Onav
{
    [StructLayout(LayoutKind.Sequential)]
    public unsafe struct NavMeshParams
    {
        /// Length of the encoded parameter block (ONAV_PARAM_BLOCK_LEN).
        public const int BlockLength = 68;

        /// Grid origin, each strictly within ±2^21.
        public double OriginX, OriginY, OriginZ;
        /// Tile edge length: exactly representable as float, at most 8192 * CellSize.
        public double TileSize;
        /// Cell edge length: finite, > 0.
        public double CellSize;
        /// Largest polygon vertex count, 3..16.
        public ushort MaxVertsPerPoly;
        public float WalkableClimb, AgentRadius, AgentHeight;
        /// Degrees, 0..90.
        public float AgentMaxSlope;
        /// First 8 bytes of the settings digest; 0 for hand-built parameters.
        public ulong SettingsDigest;

        /// Checks the parameters as a whole; throws ArgumentOutOfRangeException naming the first bad field.
        public void Validate()
        {
            var err = new NativeError();
            NativeStatus.Check(NativeMethods.onav_params_validate(ref this, ref err), ref err);
        }

        /// The 128-bit build fingerprint every tile built with these parameters carries.
        public byte[] Fingerprint()
        {
            var err = new NativeError();
            NativeDigest digest;
            NativeStatus.Check(NativeMethods.onav_params_fingerprint(ref this, out digest, ref err), ref err);
            return digest.ToArray();
        }

        /// 16384 * CellSize: the bound of tile-local heights and link ends.
        public double MaxLocalExtent()
        {
            var err = new NativeError();
            double extent;
            NativeStatus.Check(NativeMethods.onav_params_max_local_extent(ref this, out extent, ref err), ref err);
            return extent;
        }

        /// World X and Z of a tile's origin.
        public Double2 TileOrigin(int tileX, int tileZ)
        {
            var err = new NativeError();
            Double2 origin;
            NativeStatus.Check(NativeMethods.onav_params_tile_origin(ref this, tileX, tileZ, out origin.X, out origin.Y, ref err), ref err);
            return origin;
        }

        /// The tile column holding world (x, z).
        public void WorldToTile(double x, double z, out int tileX, out int tileZ)
        {
            var err = new NativeError();
            NativeStatus.Check(NativeMethods.onav_params_world_to_tile(ref this, x, z, out tileX, out tileZ, ref err), ref err);
        }

        /// The 68-byte little-endian parameter block, as mesh headers store it.
        public byte[] Encode()
        {
            NavMeshParams copy = this;
            return SizeQuery.Collect<byte>(BlockLength, (IntPtr b, UIntPtr c, out UIntPtr l, ref NativeError e) => NativeMethods.onav_params_encode(ref copy, b, c, out l, ref e));
        }

        /// Reads a parameter block; NavMeshFormatException when it is malformed.
        public static NavMeshParams Decode(byte[] block)
        {
            return PinnedBytes.Read<NavMeshParams>(block, NativeMethods.onav_params_decode);
        }
    }
}
