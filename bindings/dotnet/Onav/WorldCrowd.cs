// The spec's WorldCrowd (OnavWorldCrowd): one crowd per agent class of a
// NavWorld, stepped in class order; an agent joins the class
// ClassFor(radius) picks, and agents of different classes do not see each
// other. Thread rules as Crowd's.
using System;

namespace Onav
{
    public sealed class WorldCrowd : IDisposable
    {
        readonly WorldCrowdHandle handle;

        /// An empty crowd per class of `world` as it is now.
        public WorldCrowd(NavWorld world, CrowdSettings settings)
        {
            if (world == null) throw new ArgumentNullException("world");
            var err = new NativeError();
            NativeStatus.Check(NativeMethods.onav_world_crowd_new(world.Handle, ref settings, out handle, ref err), ref err);
        }

        /// Moves every class to its mesh in a later version of the world
        /// (InvalidOperationException for another number of classes).
        public void SetWorld(NavWorld world)
        {
            if (world == null) throw new ArgumentNullException("world");
            var err = new NativeError();
            NativeStatus.Check(NativeMethods.onav_world_crowd_set_world(handle, world.Handle, ref err), ref err);
        }

        /// Steps every class's crowd by one tick, in class order.
        public void Step()
        {
            var err = new NativeError();
            NativeStatus.Check(NativeMethods.onav_world_crowd_step(handle, ref err), ref err);
        }

        /// Steps every class's crowd by one tick, in class order, with all
        /// of the work on the calling thread: the same bits as Step.
        public void StepOnCallingThread()
        {
            var err = new NativeError();
            NativeStatus.Check(NativeMethods.onav_world_crowd_step_on_calling_thread(handle, ref err), ref err);
        }

        public int ClassCount
        {
            get
            {
                var err = new NativeError();
                uint count;
                NativeStatus.Check(NativeMethods.onav_world_crowd_class_count(handle, out count, ref err), ref err);
                return (int)count;
            }
        }

        /// ClassFor(radius) of the world version the crowd walks.
        public int ClassFor(double radius)
        {
            var err = new NativeError();
            uint classIndex;
            NativeStatus.Check(NativeMethods.onav_world_crowd_class_for(handle, radius, out classIndex, ref err), ref err);
            return (int)classIndex;
        }

        /// Ticks stepped so far (the same for every class).
        public ulong Tick
        {
            get
            {
                var err = new NativeError();
                ulong tick;
                NativeStatus.Check(NativeMethods.onav_world_crowd_tick(handle, out tick, ref err), ref err);
                return tick;
            }
        }

        /// Agents of every class.
        public int AgentCount
        {
            get
            {
                var err = new NativeError();
                UIntPtr count;
                NativeStatus.Check(NativeMethods.onav_world_crowd_agent_count(handle, out count, ref err), ref err);
                return checked((int)count.ToUInt64());
            }
        }

        /// SHA-256 over the class count and each class's crowd hash.
        public byte[] StateHash()
        {
            var err = new NativeError();
            NativeCrowdHash hash;
            NativeStatus.Check(NativeMethods.onav_world_crowd_state_hash(handle, out hash, ref err), ref err);
            return hash.ToArray();
        }

        /// Every agent of every class, class after class, each in slot order;
        /// AgentState.WorldAgent names each.
        public AgentState[] ReadAgents()
        {
            return SizeQuery.Collect<AgentState>(AgentCount, (IntPtr b, UIntPtr c, out UIntPtr l, ref NativeError e) => NativeMethods.onav_world_crowd_read_agents(handle, b, c, out l, ref e));
        }

        /// Adds an agent to the class ClassFor(parameters.Radius) picks.
        public WorldAgentHandle AddAgent(Double3 position, AgentParams parameters)
        {
            var err = new NativeError();
            WorldAgentHandle agent;
            NativeStatus.Check(NativeMethods.onav_world_crowd_add_agent(handle, position, ref parameters, out agent, ref err), ref err);
            return agent;
        }

        /// Adds an agent to class `classIndex` (ArgumentOutOfRangeException past the last).
        public WorldAgentHandle AddAgent(int classIndex, Double3 position, AgentParams parameters)
        {
            var err = new NativeError();
            WorldAgentHandle agent;
            NativeStatus.Check(NativeMethods.onav_world_crowd_add_agent_to_class(handle, NativeArgs.Index(classIndex, "classIndex"), position, ref parameters, out agent, ref err), ref err);
            return agent;
        }

        public void RemoveAgent(WorldAgentHandle agent)
        {
            var err = new NativeError();
            NativeStatus.Check(NativeMethods.onav_world_crowd_remove_agent(handle, agent, ref err), ref err);
        }

        public void SetPosition(WorldAgentHandle agent, Double3 position)
        {
            var err = new NativeError();
            NativeStatus.Check(NativeMethods.onav_world_crowd_set_position(handle, agent, position, ref err), ref err);
        }

        /// Replaces the agent's parameters; the agent stays in its class.
        public void SetAgentParams(WorldAgentHandle agent, AgentParams parameters)
        {
            var err = new NativeError();
            NativeStatus.Check(NativeMethods.onav_world_crowd_set_agent_params(handle, agent, ref parameters, ref err), ref err);
        }

        /// The agent's parameters.
        public AgentParams GetAgentParams(WorldAgentHandle agent)
        {
            var err = new NativeError();
            AgentParams parameters;
            NativeStatus.Check(NativeMethods.onav_world_crowd_agent_params(handle, agent, out parameters, ref err), ref err);
            return parameters;
        }

        /// The agent's corners as of the last step: the next turns of its
        /// path toward its target.
        public StraightPathVertex[] AgentCorners(WorldAgentHandle agent)
        {
            return SizeQuery.Collect<StraightPathVertex>(4, (IntPtr b, UIntPtr c, out UIntPtr l, ref NativeError e) => NativeMethods.onav_world_crowd_agent_corners(handle, agent, b, c, out l, ref e));
        }

        /// The agent's corridor as of the last step, from its own polygon.
        public ulong[] AgentCorridor(WorldAgentHandle agent)
        {
            return SizeQuery.Collect<ulong>(16, (IntPtr b, UIntPtr c, out UIntPtr l, ref NativeError e) => NativeMethods.onav_world_crowd_agent_corridor(handle, agent, b, c, out l, ref e));
        }

        public void RequestMoveTarget(WorldAgentHandle agent, Double3 target)
        {
            var err = new NativeError();
            NativeStatus.Check(NativeMethods.onav_world_crowd_request_move_target(handle, agent, target, ref err), ref err);
        }

        public void RequestMoveVelocity(WorldAgentHandle agent, Double3 velocity)
        {
            var err = new NativeError();
            NativeStatus.Check(NativeMethods.onav_world_crowd_request_move_velocity(handle, agent, velocity, ref err), ref err);
        }

        public void ResetMoveTarget(WorldAgentHandle agent)
        {
            var err = new NativeError();
            NativeStatus.Check(NativeMethods.onav_world_crowd_reset_move_target(handle, agent, ref err), ref err);
        }

        public void CompleteOffMeshLink(WorldAgentHandle agent)
        {
            var err = new NativeError();
            NativeStatus.Check(NativeMethods.onav_world_crowd_complete_off_mesh_link(handle, agent, ref err), ref err);
        }

        public void Dispose()
        {
            handle.Dispose();
        }
    }
}
